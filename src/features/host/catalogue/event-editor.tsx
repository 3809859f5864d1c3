/**
 * An event in the catalogue editor (/host/catalogue/<id>, "new" for a new one): every field with
 * its message, kept on the device as typed; save (a draft, or changes members do not see yet),
 * preview as a member would see it, publish, archive. Save and Publish check every field alike
 * (Publish also wants a cover), each problem under its own field, and move focus to the first.
 * The route's loader reads the event (event-fields.tsx lays out its fields; editor-state.ts holds
 * what changes). The cover is uploaded through a function once the event is saved.
 */
import { useLocation, useNavigate } from '@tanstack/react-router'
import { refusedField } from '@yaari/domain/callable'
import {
  archiveCatalogueEventCall,
  type EditorEvent,
  publishCatalogueEventCall,
  saveCatalogueEventCall,
  uploadEventCoverCall,
} from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES, type CityRecord } from '@yaari/domain/catalogue-records'
import { MAX_PHOTO_BYTES } from '@yaari/domain/profile'
import { type FormEvent, useEffect, useReducer, useRef } from 'react'
import { flow, wrap } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { call } from '../../../lib/call'
import { refreshCatalogue } from '../../../lib/catalogue'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { type Answer, useAnswer } from '../answer'
import { useHost } from '../host-layout'
import { hostMessage } from '../host-words'
import { useFocusBack, useFocusFirstProblem } from './editor-focus'
import { BackLink, EditorHeading } from './editor-heading'
import { type EditorBusy, editedForm, editorReducer, initialEditor } from './editor-state'
import { dropEventDraft, keepEventDraft } from './event-drafts'
import { EventFields } from './event-fields'
import { checkForm, type EventForm, type FormErrors } from './event-form'
import { EventPreview } from './event-preview'

/** What the route's loader read: the event as saved (none when new, or not the host's), the cities, and what was typed here. */
export interface EditorStart {
  saved: EditorEvent | undefined
  cities: CityRecord[]
  typed: EventForm | undefined
}

export function EventEditorPage({
  eventId,
  editor,
}: {
  eventId: string
  editor: Promise<Answer<EditorStart> | undefined>
}) {
  const { answer } = useAnswer(editor)
  const start = answer?.value
  const problem =
    answer?.error ?? (start && eventId !== 'new' && !start.saved ? CATALOGUE_MESSAGES.notFound : undefined)
  if (!start || problem) {
    return (
      <div className={flow({ gap: '3' })}>
        <BackLink />
        {problem ? (
          <p role="alert">{problem}</p>
        ) : (
          <p role="status" className={text({ tone: 'muted' })}>
            Loading the event…
          </p>
        )}
      </div>
    )
  }
  return <Editor eventId={eventId} start={start} />
}

function Editor({ eventId, start }: { eventId: string; start: EditorStart }) {
  const { uid } = useHost()
  const isNew = eventId === 'new'
  const navigate = useNavigate()
  const carried = useLocation({ select: (location) => location.state.editorNote })
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditor(start.saved, start.typed, carried))
  const { form, saved } = state
  const slugTouched = useRef(!isNew)
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstProblem(formRef, state.focusProblem)

  // A button is disabled while its action runs, which drops the keyboard's focus: it comes back when it ends.
  const focusAfter = useFocusBack(state.busy)
  // A new event's first save opens its own address: focus goes to what was said there.
  const noteRef = useRef<HTMLParagraphElement>(null)
  const arrivedWithNote = useRef(Boolean(carried))
  useEffect(() => {
    if (!arrivedWithNote.current) return
    arrivedWithNote.current = false
    noteRef.current?.focus()
    // Said once: the browser keeps an entry's state through a reload and Back, where it is old news.
    window.history.replaceState({ ...window.history.state, editorNote: undefined }, '')
  }, [])

  const archived = saved?.status === 'archived'
  const update = (patch: Partial<EventForm>) => {
    const next = editedForm(form, patch, isNew && !slugTouched.current)
    dispatch({ type: 'edit', patch, next })
    void keepEventDraft(uid, eventId, next)
  }
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

  const cities = start.cities.filter((city) => city.status === 'published')
  return (
    <div className={flow({ gap: '4' })}>
      <BackLink />
      <EditorHeading title={isNew ? 'New event' : form.title || saved?.title} saved={saved} />
      {state.restored ? (
        <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
          Restored what you typed on this device; it is not saved yet.
        </p>
      ) : null}
      <form ref={formRef} onSubmit={onSave} noValidate className={flow({ gap: '4' })}>
        <EventFields
          form={form}
          errors={state.errors}
          isNew={isNew}
          {...(saved ? { saved } : {})}
          cities={cities}
          uploading={state.busy === 'cover'}
          update={update}
          onAddress={(id) => {
            slugTouched.current = true
            update({ id })
          }}
          onCover={(file) => void upload(file)}
        />
        {state.problem ? <p role="alert">{state.problem}</p> : null}
        {state.note ? (
          <p role="status" ref={noteRef} tabIndex={-1}>
            {state.note}
          </p>
        ) : null}
        {archived ? null : (
          <div className={wrap({ gap: '2' })}>
            <Button type="submit" variant="outline" disabled={Boolean(state.busy)}>
              {state.busy === 'save' ? 'Saving…' : 'Save draft'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={Boolean(state.busy)}
              onClick={() => {
                const draft = checked()
                if (draft) dispatch({ type: 'preview', draft })
              }}
            >
              Preview
            </Button>
            <Button type="button" disabled={Boolean(state.busy)} onClick={() => void publish()}>
              {state.busy === 'publish' ? 'Publishing…' : 'Publish'}
            </Button>
            {saved && saved.status !== 'draft' ? (
              <Button
                type="button"
                variant="ghost"
                disabled={Boolean(state.busy)}
                onClick={() => dispatch({ type: 'confirm-archive', open: true })}
              >
                Archive
              </Button>
            ) : null}
          </div>
        )}
      </form>
      <Dialog
        open={state.preview !== undefined}
        onOpenChange={(open) => !open && dispatch({ type: 'preview' })}
        title="Preview"
        description="As members will see it once it is published."
      >
        {state.preview ? (
          <EventPreview
            event={state.preview}
            cityName={cities.find((city) => city.id === state.preview?.city)?.name ?? state.preview.city}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={state.confirmArchive}
        onOpenChange={(open) => dispatch({ type: 'confirm-archive', open })}
        title="Archive this event?"
        description="It leaves the listing and is no longer for sale. Tickets already sold stay valid; cancel a date from the console to refund its guests."
      >
        <Button type="button" onClick={() => void archive()}>
          Archive
        </Button>
      </Dialog>
    </div>
  )
}
