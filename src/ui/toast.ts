/**
 * Showing a toast. The toast machinery (Ark UI's toaster, about 12 KB gzip) is loaded on the
 * first toast, not on page load: toasts only ever follow something the member did.
 */
import { useSyncExternalStore } from 'react'

export interface ToastInput {
  title: string
  description?: string
  type?: 'success' | 'error' | 'info' | 'warning'
  /** Milliseconds on screen; the toaster's default is 4 seconds. */
  duration?: number
}

let rendererWanted = false
const listeners = new Set<() => void>()

function wantRenderer() {
  if (rendererWanted) return
  rendererWanted = true
  for (const listener of listeners) listener()
}

/** Queues a toast; the renderer mounts (once) if it is not there yet. */
export async function showToast(input: ToastInput): Promise<void> {
  wantRenderer()
  const { toaster } = await import('./toaster-store')
  toaster.create({ type: 'info', ...input })
}

/** True once any toast has been asked for: the root layout then mounts <AppToaster />. */
export function useToastRendererWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => rendererWanted,
    () => false,
  )
}
