/**
 * Public callable functions (no sign-in needed), called with the callable protocol over
 * plain fetch: `POST {"data": ...}` answers `{"result": ...}` or `{"error": {...}}`. Public
 * pages use this so they never load the Firebase SDK.
 */
import type { CallableContract, RequestOf, ResponseOf } from '@yaari/domain/callable'
import { functionEndpoint } from './client-config'

class FunctionCallError extends Error {
  constructor(
    message: string,
    readonly status: string,
  ) {
    super(message)
    this.name = 'FunctionCallError'
  }
}

export async function callPublicFunction<C extends CallableContract>(
  contract: C,
  data: RequestOf<C>,
  signal?: AbortSignal,
): Promise<ResponseOf<C>> {
  const response = await fetch(functionEndpoint(contract.name), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
    signal,
  })
  const body = (await response.json().catch(() => ({}))) as {
    result?: ResponseOf<C>
    error?: { message?: string; status?: string }
  }
  if (!response.ok || body.error || !('result' in body)) {
    throw new FunctionCallError(body.error?.message ?? `HTTP ${response.status}`, body.error?.status ?? 'UNKNOWN')
  }
  return body.result as ResponseOf<C>
}
