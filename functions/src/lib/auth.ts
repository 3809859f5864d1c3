import { type CallableRequest, HttpsError } from 'firebase-functions/v2/https'

/** The caller's verified identity; the only source of a user id in any function. */
export function requireMember(request: Pick<CallableRequest, 'auth'>): { uid: string; email: string | undefined } {
  if (!request.auth) throw new HttpsError('unauthenticated', 'Please sign in again to continue.')
  const email = request.auth.token.email
  return { uid: request.auth.uid, email: typeof email === 'string' ? email : undefined }
}
