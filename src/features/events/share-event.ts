/**
 * Sharing an event: the phone's share sheet (Web Share API) where there is one, else the link
 * copied to the clipboard, else the link shown to copy by hand.
 */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { showToast } from '../../ui/toast'

export async function shareEvent(event: Pick<YaariEvent, 'id' | 'title' | 'description'>): Promise<void> {
  const url = `${location.origin}/events/${event.id}`
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `${event.title} | Yaari`, text: event.description, url })
      return
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return // the member closed the sheet
      // Refused (no permission, unsupported data): fall back to the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    void showToast({ title: 'Link copied', description: url, type: 'success' })
  } catch {
    void showToast({ title: 'Copy this link to share it', description: url, type: 'info' })
  }
}
