import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'
import { describeIssues } from '../../../src/domain/validation'

/**
 * Parses a callable's payload with the shared schema. Anything that does not fit is an
 * `invalid-argument` with a readable reason, never an internal error.
 */
export function parseRequest<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, data)
  if (!result.success) throw new HttpsError('invalid-argument', describeIssues(result.issues))
  return result.output
}
