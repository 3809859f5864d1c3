import { describeIssues } from '@yaari/domain/validation'
import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'

/**
 * Parses a callable's payload with the shared schema. Anything that does not fit is an
 * `invalid-argument` with a readable reason, never an internal error.
 */
export function parseRequest<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data)
  if (!result.success) throw new HttpsError('invalid-argument', describeIssues(result.issues))
  return result.output
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
