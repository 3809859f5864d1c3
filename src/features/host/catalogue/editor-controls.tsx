/**
 * The event editor's buttons under its fields (save a draft, preview, publish, archive), and the
 * dialogs two of them open: the event as members will see it, and the question before archiving.
 */
import type { EditorEvent, EventDraft } from '@yaari/domain/catalogue-editor'
import { wrap } from 'styled-system/patterns'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import type { EditorBusy } from './editor-state'
import { EventPreview } from './event-preview'

/** The buttons; Save draft submits the form. Each is disabled while any action runs. */
export function EditorButtons({
  busy,
  saved,
  onPreview,
  onPublish,
  onAskToArchive,
}: {
  busy: EditorBusy | undefined
  saved: EditorEvent | undefined
  onPreview: () => void
  onPublish: () => void
  onAskToArchive: () => void
}) {
  return (
    <div className={wrap({ gap: '2' })}>
      <Button type="submit" variant="outline" disabled={Boolean(busy)}>
        {busy === 'save' ? 'Saving…' : 'Save draft'}
      </Button>
      <Button type="button" variant="outline" disabled={Boolean(busy)} onClick={onPreview}>
        Preview
      </Button>
      <Button type="button" disabled={Boolean(busy)} onClick={onPublish}>
        {busy === 'publish' ? 'Publishing…' : 'Publish'}
      </Button>
      {saved && saved.status !== 'draft' ? (
        <Button type="button" variant="ghost" disabled={Boolean(busy)} onClick={onAskToArchive}>
          Archive
        </Button>
      ) : null}
    </div>
  )
}

/** The preview of `preview` (open while there is one), and the question before archiving (open while `confirmArchive`). */
export function EditorDialogs({
  preview,
  cityName,
  onPreviewClosed,
  confirmArchive,
  onConfirmArchive,
  onArchive,
}: {
  preview: EventDraft | undefined
  cityName: string | undefined
  onPreviewClosed: () => void
  confirmArchive: boolean
  onConfirmArchive: (open: boolean) => void
  onArchive: () => void
}) {
  return (
    <>
      <Dialog
        open={preview !== undefined}
        onOpenChange={(open) => !open && onPreviewClosed()}
        title="Preview"
        description="As members will see it once it is published."
      >
        {preview ? <EventPreview event={preview} cityName={cityName ?? preview.city} /> : null}
      </Dialog>
      <Dialog
        open={confirmArchive}
        onOpenChange={onConfirmArchive}
        title="Archive this event?"
        description="It leaves the listing and is no longer for sale. Tickets already sold stay valid; cancel a date from the console to refund its guests."
      >
        <Button type="button" onClick={onArchive}>
          Archive
        </Button>
      </Dialog>
    </>
  )
}
