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
  // list has no keys an empty or all-optional object would refuse).
  if (Array.isArray(data)) throw new HttpsError('invalid-argument', REQUEST_IS_A_LIST)
  const result = v.safeParse(schema, data)
  if (!result.success) throw issuesRefusal(result.issues)
  return result.output
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
