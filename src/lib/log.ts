/**
 * The app's one logging seam: the console (visible in the browser and in end-to-end test
 * output), and for errors the server too (reportClientError, through ./report, loaded only when
 * an error happens), where the operator's alerts see them.
 */
export function logWarning(event: string, details: Record<string, unknown> = {}): void {
  console.warn(`[yaari] ${event}`, details)
}

export function logError(event: string, error: unknown, details: { orderId?: string } = {}): void {
  console.error(`[yaari] ${event}`, { ...details, error })
  void import('./report').then(
    (module) => module.report(event, error, details),
    () => undefined,
  )
}
