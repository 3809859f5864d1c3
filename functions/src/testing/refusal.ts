/** The HttpsError a handler refuses with, as its code and message (the test fails if it succeeds). */
import { HttpsError } from 'firebase-functions/v2/https'
import { expect } from 'vitest'

export async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(HttpsError)
  const { code, message } = error as HttpsError
  return { code, message }
}
