/**
 * What the event editor's buttons do: check every field (and, to publish, the cover), save, publish,
 * archive and upload the cover, each through its function, saying how it went; a button's action
 * runs with the others disabled, and the keyboard's focus comes back to it once it ends.
 */
import { useNavigate } from '@tanstack/react-router'
import { refusedField } from '@yaari/domain/callable'
import {
  archiveCatalogueEventCall,
  type EditorEvent,
  publishCatalogueEventCall,
  saveCatalogueEventCall,
  uploadEventCoverCall,
} from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES } from '@yaari/domain/catalogue-records'
import { MAX_PHOTO_BYTES } from '@yaari/domain/profile'
import type { Dispatch, FormEvent } from 'react'
import { call } from '../../../lib/call'
import { refreshCatalogue } from '../../../lib/catalogue'
import { hostMessage } from '../host-words'
import { useFocusBack } from './editor-focus'
import type { EditorAction, EditorBusy, EditorState } from './editor-state'
import { dropEventDraft } from './event-drafts'
import { checkForm, type EventForm, type FormErrors } from './event-form'

/** The editor's actions for the event at `eventId` ("new" for a new one), its state and how it changes. */
export function useEditorActions({
  uid,
  eventId,
  state,
  dispatch,
  update,
}: {
  uid: string
  eventId: string
  state: EditorState
  dispatch: Dispatch<EditorAction>
  update: (patch: Partial<EventForm>) => void
}) {
  const isNew = eventId === 'new'
  const navigate = useNavigate()
  const { form, saved } = state
  // A button is disabled while its action runs, which drops the keyboard's focus: it comes back when it ends.
  const focusAfter = useFocusBack(state.busy)
  /** Every field checked (and, to publish, the cover): the draft, or undefined with each problem shown. */
  const checked = (toPublish = false) => {
    const result = checkForm(form)
    const problems: FormErrors = { ...result.errors }
    // A new event takes its cover once saved: Publish says so rather than ask for what cannot be given yet.
    if (toPublish && !form.image) problems.image = saved ? CATALOGUE_MESSAGES.cover : CATALOGUE_MESSAGES.coverAfterSave
    dispatch({ type: 'checked', errors: problems })
    return Object.keys(problems).length ? undefined : result.draft
  }

  /** Saves the form; answers the saved event, or undefined after saying why not. */
  const save = async (toPublish = false): Promise<EditorEvent | undefined> => {
    const draft = checked(toPublish)
    if (!draft) return undefined
    dispatch({ type: 'problem' })
    return call(saveCatalogueEventCall, { event: draft, isNew: !saved }).then(
      async ({ event }) => {
        await dropEventDraft(uid, eventId)
        dispatch({ type: 'saved', event })
        return event
      },
      (error: unknown) => {
        // A refusal about one field names it in its details ("image", or "event.title" from the schema).
        const refused = refusedField(error)
        const field = refused?.field.replace(/^event\./, '').split('.')[0]
        const beside = refused && field && field in form ? field : undefined
        dispatch(
          refused && beside
            ? { type: 'refused', problem: refused.reason, errors: { [beside]: refused.reason } }
            : { type: 'refused', problem: hostMessage(error) },
        )
        return undefined
      },
    )
  }
  /** Says how it went; a new event's editor moves to its address first, which says it there. */
  const say = async (said: string, event: EditorEvent) => {
    if (!isNew) return dispatch({ type: 'note', note: said })
    await navigate({
      to: '/host/catalogue/$eventId',
      params: { eventId: event.id },
      replace: true,
      state: { editorNote: said },
    })
  }
  const run = async (name: EditorBusy, task: () => Promise<void>) => {
    focusAfter.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dispatch({ type: 'busy', busy: name })
    await task()
    dispatch({ type: 'busy' })
  }
  const onSave = (event: FormEvent) => {
    event.preventDefault()
    void run('save', async () => {
      const event = await save()
      if (event)
        await say(event.status === 'published' ? 'Saved. Members see it once you publish.' : 'Draft saved.', event)
    })
  }
  const publish = () =>
    run('publish', async () => {
      // Every field is checked as a save checks it, and the cover too, before anything is sent.
      const event = await save(true)
      if (!event) return
      await call(publishCatalogueEventCall, { id: event.id, savedAt: event.updatedAt }).then(
        async (answer) => {
          dispatch({ type: 'changed', event: answer.event })
          await refreshCatalogue()
          await say('Published: members see it now.', answer.event)
        },
        (error: unknown) => dispatch({ type: 'problem', problem: hostMessage(error) }),
      )
    })
  const archive = () =>
    run('archive', async () => {
      dispatch({ type: 'confirm-archive', open: false })
      if (!saved) return
      await call(archiveCatalogueEventCall, { id: saved.id }).then(
        async (answer) => {
          dispatch({
            type: 'changed',
            event: answer.event,
            note: 'Archived: off the listing and not for sale. Its tickets stay valid.',
          })
          await refreshCatalogue()
        },
        (error: unknown) => dispatch({ type: 'problem', problem: hostMessage(error) }),
      )
    })
  const upload = (file: File | undefined) =>
    run('cover', async () => {
      if (!file || !saved) return
      if (file.size > MAX_PHOTO_BYTES) {
        dispatch({ type: 'cover', error: CATALOGUE_MESSAGES.coverSize })
        return
      }
      const data = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader()
        reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
        reader.onerror = () => reject(reader.error)
        reader.readAsDataURL(file)
      })
      await call(uploadEventCoverCall, { id: saved.id, data }, { timeoutMs: 60_000 }).then(
        ({ image }) => {
          update({ image })
          dispatch({ type: 'cover' })
          dispatch({ type: 'note', note: 'Cover uploaded. Save or publish to use it.' })
        },
        (error: unknown) => dispatch({ type: 'cover', error: hostMessage(error) }),
      )
    })
  return { checked, onSave, publish, archive, upload }
}
