/**
 * A callable function as both sides see it: its name, the schema its request must pass, what it
 * answers, and the messages it may answer with. Each contract sits beside its schema
 * (availability.ts, booking.ts, profile.ts); the functions register from them and the browser
 * calls through them (callFunction, callPublicFunction), so a renamed function, a
 * renamed field or a changed answer fails the type check on both sides.
 *
 * Contracts are plain objects in the modules a page already loads, so a page carries only the
 * schemas of the functions it calls.
 */
import type * as v from 'valibot'

export interface CallableContract<Schema extends v.GenericSchema = v.GenericSchema, Response = unknown> {
  /** The function's name: the functions export it under this name, the browser calls it by it. */
  readonly name: string
  /** What the request must pass; the function answers `invalid-argument` with the reason otherwise. */
  readonly request: Schema
  /** The words the function may answer with (besides a schema's reason), shared with the app's screens. */
  readonly messages: readonly Readonly<Record<string, string>>[]
  /** Never set: carries the type of the answer. */
  readonly response?: Response
}

/**
 * A contract: `contract<typeof schema, Answer>('name', schema, [MESSAGES])`, the one way each module
 * declares its callables (a module whose callables share their messages binds them once).
 */
export const contract = <Schema extends v.GenericSchema, Response>(
  name: string,
  request: Schema,
  messages: CallableContract['messages'] = [],
): CallableContract<Schema, Response> => ({ name, request, messages })

/** What the browser may send: the schema's input. */
export type RequestOf<C> = C extends CallableContract<infer S, unknown> ? v.InferInput<S> : never
/** What the function is given: the request as its schema parsed it (values read as their own, trimmed). */
export type ParsedRequestOf<C> = C extends CallableContract<infer S, unknown> ? v.InferOutput<S> : never
/** What the function answers. */
export type ResponseOf<C> = C extends CallableContract<v.GenericSchema, infer R> ? R : never

/**
 * What a refusal about one field of a request carries as its details, besides its sentence
 * ("field: reason"): the field's path in the request ("event.title", "image") and the reason alone,
 * so a form puts the reason beside that field without reading it out of the sentence.
 */
export interface FieldRefusal {
  field: string
  reason: string
}

/** The field a refusal's details name, or undefined when it names none. */
export function refusedField(error: unknown): FieldRefusal | undefined {
  const details = (error as { details?: unknown } | null | undefined)?.details as Partial<FieldRefusal> | undefined
  return typeof details?.field === 'string' && typeof details.reason === 'string'
    ? { field: details.field, reason: details.reason }
    : undefined
}
