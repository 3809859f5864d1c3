/**
 * The code an error carries, whatever threw it: Firebase's ('functions/not-found',
 * 'auth/user-not-found') or gRPC's number from Firestore (5 not found, 6 already exists, 9 failed
 * precondition); undefined when there is none.
 */
export function errorCode(error: unknown): string | number | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code
  return typeof code === 'string' || typeof code === 'number' ? code : undefined
}
