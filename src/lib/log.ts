/**
 * The app's one logging seam. Today it writes to the console (visible in the browser and
 * in end-to-end test output); a hosted error tracker would plug in here.
 */
export function logWarning(event: string, details: Record<string, unknown> = {}): void {
  console.warn(`[yaari] ${event}`, details)
}

export function logError(event: string, error: unknown, details: Record<string, unknown> = {}): void {
  console.error(`[yaari] ${event}`, { ...details, error })
}
