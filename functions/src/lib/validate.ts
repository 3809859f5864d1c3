import type { FieldRefusal } from '@yaari/domain/callable'
import { describeIssues } from '@yaari/domain/validation'
import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'

const REQUEST_IS_A_LIST = 'A request is a set of named fields, not a list.'

/**
 * Parses a callable's payload with the shared schema. Anything that does not fit is an
 * `invalid-argument` with a readable reason, never an internal error.
 */
export function parseRequest<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  // Every request is an object of named fields; Valibot's object schemas take a list as one (a
  // list has no keys an empty or all-optional object would refuse), at the top and inside alike.
  if (Array.isArray(data)) throw new HttpsError('invalid-argument', REQUEST_IS_A_LIST)
  const listAt = listWhereFieldsAreDue(schema, data, [])
  if (listAt) throw fieldRefusal('invalid-argument', listAt, FIELDS_NOT_A_LIST)
  const result = v.safeParse(schema, data)
  if (!result.success) throw issuesRefusal(result.issues)
  return result.output
}

const FIELDS_NOT_A_LIST = 'Expected a set of named fields, not a list.'

/** What of a Valibot schema the walk below reads: its kind and the schemas inside it. */
interface SchemaParts {
  type: string
  entries?: Record<string, SchemaParts>
  wrapped?: SchemaParts
  item?: SchemaParts
  options?: readonly SchemaParts[]
}
const OBJECTS = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest'])
const WRAPPERS = new Set(['optional', 'exact_optional', 'nullable', 'nullish', 'undefinedable', 'non_optional'])

/**
 * The dot path of the first list in `value` where `schema` expects named fields (an object), or
 * undefined: walked through objects, lists, optional and nullable fields, and unions of objects.
 */
function listWhereFieldsAreDue(
  schema: SchemaParts,
  value: unknown,
  path: readonly (string | number)[],
): string | undefined {
  if (value === undefined || value === null) return undefined
  if (WRAPPERS.has(schema.type) && schema.wrapped) return listWhereFieldsAreDue(schema.wrapped, value, path)
  const isObjects = (parts: SchemaParts) => OBJECTS.has(parts.type)
  if (isObjects(schema) || (schema.options?.length && schema.options.every(isObjects))) {
    if (Array.isArray(value)) return path.join('.')
    if (typeof value !== 'object' || !schema.entries) return undefined
    for (const [key, entry] of Object.entries(schema.entries)) {
      const found = listWhereFieldsAreDue(entry, (value as Record<string, unknown>)[key], [...path, key])
      if (found) return found
    }
    return undefined
  }
  if (schema.type === 'array' && schema.item && Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = listWhereFieldsAreDue(schema.item, item, [...path, index])
      if (found) return found
    }
  }
  return undefined
}

/**
 * A refusal about one field of the request: its message reads "field: reason" (what a log or an
 * older app shows), its details carry both apart, so a form puts the reason beside that field.
 */
export function fieldRefusal(code: 'invalid-argument' | 'already-exists', field: string, reason: string): HttpsError {
  return new HttpsError(code, `${field}: ${reason}`, { field, reason } satisfies FieldRefusal)
}

/** `invalid-argument` for a schema's issues: the readable sentence, and the first issue's field as details. */
function issuesRefusal(issues: readonly v.BaseIssue<unknown>[]): HttpsError {
  const first = issues[0]
  const field = first && v.getDotPath(first)
  const details: FieldRefusal | undefined = first && field ? { field, reason: first.message } : undefined
  return new HttpsError('invalid-argument', describeIssues(issues), details)
}

/**
 * An HTTP function's body as JSON, checked with `schema`: the JSON and the schema's output, or the
 * 400 answer that says why not (`what` names what the body should have been).
 */
export function parseJsonBody<TSchema extends v.GenericSchema>(
  raw: Buffer,
  schema: TSchema,
  what: string,
): { json: unknown; output: v.InferOutput<TSchema> } | { refusal: { status: 400; body: string } } {
  let json: unknown
  try {
    json = JSON.parse(raw.toString('utf8'))
  } catch {
    return { refusal: { status: 400, body: 'body is not JSON' } }
  }
  const parsed = v.safeParse(schema, json)
  if (!parsed.success) return { refusal: { status: 400, body: `${what}: ${describeIssues(parsed.issues)}` } }
  return { json, output: parsed.output }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAX_DEPTH = 32

/**
 * Refuses a payload with a key that could reach an object's prototype (`__proto__`,
 * `constructor`, `prototype`) or nested deeper than any real request. Run on the raw JSON,
 * before the callable protocol decodes it: decoding assigns `__proto__` as a prototype, and the
 * key would vanish unseen.
 */
export function refuseDangerousKeys(value: unknown, depth = 0): void {
  if (value === null || typeof value !== 'object') return
  if (depth > MAX_DEPTH) throw new HttpsError('invalid-argument', 'The request is nested too deeply.')
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key))
      throw new HttpsError('invalid-argument', `The request contains a forbidden key: ${key}`)
    refuseDangerousKeys((value as Record<string, unknown>)[key], depth + 1)
  }
}
