/**
 * Showing a toast. The toast machinery (Ark UI's toaster, about 12 KB gzip) is loaded on the
 * first toast, not on page load: toasts only ever follow something the member did.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'

export interface ToastInput {
  title: string
  description?: string
  type?: 'success' | 'error' | 'info' | 'warning'
  /** Milliseconds on screen; the toaster's default is 4 seconds. */
  duration?: number
}

/** Whether a toast has been asked for yet (the renderer is mounted from then on). */
const renderer = createStore(() => ({ wanted: false }))

function wantRenderer() {
  if (!renderer.getState().wanted) renderer.setState({ wanted: true })
}

/** Queues a toast; the renderer mounts (once) if it is not there yet. */
export async function showToast(input: ToastInput): Promise<void> {
  wantRenderer()
  const { toaster } = await import('./toaster-store')
  toaster.create({ type: 'info', ...input })
}

/** True once any toast has been asked for: the root layout then mounts <AppToaster />. */
export function useToastRendererWanted(): boolean {
  // Before hydration (and in the prerendered HTML) the store's initial state: no toast yet.
  return useStore(renderer, (state) => state.wanted)
}
