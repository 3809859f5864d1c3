/**
 * An event in the catalogue editor (/host/catalogue/<id>, "new" for a new one): every field with
 * its message, kept on the device as typed; save (a draft, or changes members do not see yet),
 * preview as a member would see it, publish, archive. Save and Publish check every field alike
 * (Publish also wants a cover), each problem under its own field, and move focus to the first.
 * The route's loader reads the event (event-fields.tsx lays out its fields; editor-state.ts holds
 * what changes; editor-actions.ts does what the buttons ask, editor-controls.tsx draws them and
 * their dialogs). The cover is uploaded through a function once the event is saved.
 */
import { useLocation } from '@tanstack/react-router'
import type { EditorEvent } from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES, type CityRecord } from '@yaari/domain/catalogue-records'
import { useEffect, useReducer, useRef } from 'react'
import { flow } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { StatusNote } from '../../../ui/status-note'
import { type Answer, useAnswer } from '../answer'
import { useHost } from '../host-layout'
import { useEditorActions } from './editor-actions'
import { EditorButtons, EditorDialogs } from './editor-controls'
import { useFocusFirstProblem } from './editor-focus'
import { BackLink, EditorHeading } from './editor-heading'
import { editedForm, editorReducer, initialEditor } from './editor-state'
import { keepEventDraft } from './event-drafts'
import { EventFields } from './event-fields'
import type { EventForm } from './event-form'

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
        {problem ? <p role="alert">{problem}</p> : <StatusNote>Loading the event…</StatusNote>}
      </div>
    )
  }
  return <Editor eventId={eventId} start={start} />
}

function Editor({ eventId, start }: { eventId: string; start: EditorStart }) {
  const { uid } = useHost()
  const isNew = eventId === 'new'
  const carried = useLocation({ select: (location) => location.state.editorNote })
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditor(start.saved, start.typed, carried))
  const { form, saved } = state
  const slugTouched = useRef(!isNew)
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstProblem(formRef, state.focusProblem)

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
  const { checked, onSave, publish, archive, upload } = useEditorActions({ uid, eventId, state, dispatch, update })

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
          <EditorButtons
            busy={state.busy}
            saved={saved}
            onPreview={() => {
              const draft = checked()
              if (draft) dispatch({ type: 'preview', draft })
            }}
            onPublish={() => void publish()}
            onAskToArchive={() => dispatch({ type: 'confirm-archive', open: true })}
          />
        )}
      </form>
      <EditorDialogs
        preview={state.preview}
        cityName={cities.find((city) => city.id === state.preview?.city)?.name}
        onPreviewClosed={() => dispatch({ type: 'preview' })}
        confirmArchive={state.confirmArchive}
        onConfirmArchive={(open) => dispatch({ type: 'confirm-archive', open })}
        onArchive={() => void archive()}
      />
    </div>
  )
}
