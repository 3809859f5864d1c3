/**
 * An in-memory Firestore for unit tests of the booking logic: the part of firebase-admin's API
 * the functions use (documents by path; get, create, set, update with FieldValue.delete(), delete
 * and update with a lastUpdateTime precondition; transactions of gets, sets and updates; equality, range and `in` filters on a collection,
 * orderBy and limit; count; getAll),
 * with Firestore's error codes (ALREADY_EXISTS 6, NOT_FOUND 5, FAILED_PRECONDITION 9). Every
 * call yields to the event loop first, so calls made together interleave as they would over the
 * network.
 */
import { randomUUID } from 'node:crypto'
import { FieldValue, type Firestore, Timestamp } from 'firebase-admin/firestore'

type Data = Record<string, unknown>
/** A document as the fake keeps it: its data, its version (its update time) and when it was created. */
type Stored = { data: Data; version: number; created: number }
type Op = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in'

const grpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const tick = () => new Promise<void>((resolve) => setImmediate(resolve))
const isDelete = (value: unknown) => value instanceof FieldValue && value.isEqual(FieldValue.delete())

function withoutDeletes(data: Data): Data {
  return Object.fromEntries(Object.entries(structuredClone(data)).filter(([, value]) => !isDelete(value)))
}

function compare(a: unknown, op: Op, b: unknown): boolean {
  if (op === '==') return a === b
  if (op === '!=') return a !== undefined && a !== b
  if (op === 'in') return Array.isArray(b) && b.includes(a)
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false
  const x = a as number | string
  const y = b as number | string
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y
}

class FakeSnapshot {
  /** The server's time of the read (the fake's clock), as Firestore stamps every snapshot. */
  readonly readTime: Timestamp
  constructor(
    readonly ref: FakeDocument,
    private readonly stored: Stored | undefined,
  ) {
    this.readTime = Timestamp.fromMillis(ref.firestore.clock())
  }
  get id() {
    return this.ref.id
  }
  get exists() {
    return this.stored !== undefined
  }
  get updateTime() {
    return this.stored ? Timestamp.fromMillis(this.stored.version) : undefined
  }
  /** The server's time when the document was created (the fake's clock). */
  get createTime() {
    return this.stored ? Timestamp.fromMillis(this.stored.created) : undefined
  }
  data(): Data | undefined {
    return this.stored ? structuredClone(this.stored.data) : undefined
  }
  get(field: string): unknown {
    return this.stored?.data[field]
  }
}

export class FakeDocument {
  constructor(
    readonly firestore: FakeFirestore,
    readonly path: string,
  ) {}
  get id() {
    return this.path.slice(this.path.lastIndexOf('/') + 1)
  }
  collection(name: string) {
    return new FakeQuery(this.firestore, `${this.path}/${name}`)
  }
  async get() {
    await tick()
    return new FakeSnapshot(this, this.firestore.stored(this.path))
  }
  async create(data: Data) {
    await tick()
    if (this.firestore.stored(this.path)) throw grpcError(6, `ALREADY_EXISTS: ${this.path}`)
    return this.written(this.firestore.put(this.path, withoutDeletes(data)))
  }
  async set(data: Data) {
    await tick()
    return this.setNow(data)
  }
  /** set, at once (a transaction's commit). */
  setNow(data: Data) {
    return this.written(this.firestore.put(this.path, withoutDeletes(data)))
  }
  /** What a write answers: its time, which a later write may take as its condition. */
  private written(version: number) {
    return { writeTime: Timestamp.fromMillis(version) }
  }
  async update(changes: Data, precondition?: { lastUpdateTime?: Timestamp }) {
    await tick()
    return this.updateNow(changes, precondition)
  }
  /** update, at once (a transaction's commit). */
  updateNow(changes: Data, precondition?: { lastUpdateTime?: Timestamp }) {
    const current = this.firestore.stored(this.path)
    if (!current) throw grpcError(5, `NOT_FOUND: ${this.path}`)
    if (precondition?.lastUpdateTime && !precondition.lastUpdateTime.isEqual(Timestamp.fromMillis(current.version))) {
      throw grpcError(9, `FAILED_PRECONDITION: ${this.path} changed`)
    }
    const data = { ...current.data }
    for (const [field, value] of Object.entries(changes)) {
      if (isDelete(value)) delete data[field]
      else data[field] = structuredClone(value)
    }
    return this.written(this.firestore.put(this.path, data))
  }
  async delete(precondition?: { lastUpdateTime?: Timestamp }) {
    await tick()
    const current = this.firestore.stored(this.path)
    if (precondition?.lastUpdateTime) {
      if (!current) throw grpcError(5, `NOT_FOUND: ${this.path}`)
      if (!precondition.lastUpdateTime.isEqual(Timestamp.fromMillis(current.version))) {
        throw grpcError(9, `FAILED_PRECONDITION: ${this.path} changed`)
      }
    }
    this.firestore.remove(this.path)
  }
}

class FakeQuery {
  constructor(
    readonly firestore: FakeFirestore,
    readonly path: string,
    private readonly filters: [field: string, op: Op, value: unknown][] = [],
    private readonly order: { field?: string; limit?: number } = {},
  ) {}
  doc(id: string) {
    return new FakeDocument(this.firestore, `${this.path}/${id}`)
  }
  /** A new document with an id of its own. */
  async add(data: Data) {
    const ref = this.doc(randomUUID().replaceAll('-', ''))
    await ref.create(data)
    return ref
  }
  where(field: string, op: Op, value: unknown) {
    return new FakeQuery(this.firestore, this.path, [...this.filters, [field, op, value]], this.order)
  }
  orderBy(field: string) {
    return new FakeQuery(this.firestore, this.path, this.filters, { ...this.order, field })
  }
  limit(limit: number) {
    return new FakeQuery(this.firestore, this.path, this.filters, { ...this.order, limit })
  }
  private matching() {
    const { field, limit } = this.order
    const docs = this.firestore
      .children(this.path)
      .map((path) => new FakeSnapshot(new FakeDocument(this.firestore, path), this.firestore.stored(path)))
      .filter((snapshot) => this.filters.every(([f, op, value]) => compare(snapshot.get(f), op, value)))
    if (field) {
      const key = (snapshot: FakeSnapshot) => snapshot.get(field) as number | string
      docs.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    }
    return limit === undefined ? docs : docs.slice(0, limit)
  }
  async get() {
    await tick()
    const docs = this.matching()
    return { docs, empty: docs.length === 0, size: docs.length }
  }
  count() {
    return {
      get: async () => {
        await tick()
        const count = this.matching().length
        return { data: () => ({ count }) }
      },
    }
  }
}

export class FakeFirestore {
  private readonly documents = new Map<string, Stored>()
  private version = 0

  /** `clock`: the server's time, which stamps a document's creation and every read (a test's world clock). */
  constructor(readonly clock: () => number = Date.now) {}

  /** As firebase-admin's Firestore, for code that takes one. */
  get asFirestore(): Firestore {
    return this as unknown as Firestore
  }
  collection(path: string) {
    return new FakeQuery(this, path)
  }
  doc(path: string) {
    return new FakeDocument(this, path)
  }
  /**
   * A transaction as Firestore runs one on the server's side: the reads are remembered with their
   * versions, the writes wait for the end, and they are applied together only if nothing read has
   * changed meanwhile; otherwise the work runs again (at most 5 times, then ABORTED, code 10).
   */
  async runTransaction<T>(work: (transaction: FakeTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const transaction = new FakeTransaction()
      const result = await work(transaction)
      await tick()
      if (transaction.unchanged(this)) {
        for (const write of transaction.writes) write()
        return result
      }
    }
    throw grpcError(10, 'ABORTED: too much contention')
  }
  async getAll(...refs: FakeDocument[]) {
    await tick()
    return refs.map((ref) => new FakeSnapshot(ref, this.stored(ref.path)))
  }

  /** The data of every document directly under `collection`, by id (for assertions). */
  dump(collection: string): Record<string, Data> {
    return Object.fromEntries(
      this.children(collection).map((path) => [path.slice(collection.length + 1), this.read(path) ?? {}]),
    )
  }
  /** One document's data, or undefined. */
  read(path: string): Data | undefined {
    const stored = this.documents.get(path)
    return stored ? structuredClone(stored.data) : undefined
  }

  stored(path: string) {
    return this.documents.get(path)
  }
  put(path: string, data: Data): number {
    const created = this.documents.get(path)?.created ?? this.clock()
    this.documents.set(path, { data, version: ++this.version, created })
    return this.version
  }
  remove(path: string) {
    this.documents.delete(path)
  }
  children(collection: string): string[] {
    const prefix = `${collection}/`
    return [...this.documents.keys()].filter(
      (path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'),
    )
  }
}

/** What runTransaction hands its work: reads now, writes at the commit. */
class FakeTransaction {
  private readonly read = new Map<string, number | undefined>()
  readonly writes: (() => unknown)[] = []
  async get(ref: FakeDocument) {
    const snapshot = await ref.get()
    this.read.set(ref.path, ref.firestore.stored(ref.path)?.version)
    return snapshot
  }
  set(ref: FakeDocument, data: Data) {
    this.writes.push(() => ref.setNow(data))
    return this
  }
  update(ref: FakeDocument, changes: Data) {
    this.writes.push(() => ref.updateNow(changes))
    return this
  }
  delete(ref: FakeDocument) {
    this.writes.push(() => ref.firestore.remove(ref.path))
    return this
  }
  /** Whether every document read is as it was read. */
  unchanged(firestore: FakeFirestore) {
    return [...this.read].every(([path, version]) => firestore.stored(path)?.version === version)
  }
}
