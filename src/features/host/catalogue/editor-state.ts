/**
 * The event editor's state, changed only through `editorReducer`: the event as saved, the form as
 * typed, each field's message, what the editor says (a problem, or a note of what was done), which
 * action runs, and the dialogs. What a save says just before the editor moves to the saved event's
 * address travels in the router's history state (`editorNote`), so the editor that opens there
 * says it.
 */
import type { EditorEvent, EventDraft } from '@yaari/domain/catalogue-editor'
import { EMPTY_FORM as EMPTY, type EventForm, type FormErrors, formOf, slugOf } from './event-form'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** What the editor said before it moved to the event's own address ("Draft saved."). */
    editorNote?: string
  }
}

export const FIELDS_PROBLEM = 'Some fields need a look: each says what is wrong.'

export type EditorBusy = 'save' | 'publish' | 'archive' | 'cover'

export interface EditorState {
  saved?: EditorEvent
  form: EventForm
  /** The form is what the host typed on this device earlier, not what is saved. */
  restored: boolean
  errors: FormErrors
  problem?: string
  note?: string
  busy?: EditorBusy
  preview?: EventDraft
  confirmArchive: boolean
  /** Counts each time problems are shown: focus then goes to the first field that has one. */
  focusProblem: number
}

export type EditorAction =
  | { type: 'edit'; patch: Partial<EventForm>; next: EventForm }
  | { type: 'checked'; errors: FormErrors }
  | { type: 'saved'; event: EditorEvent }
  | { type: 'changed'; event: EditorEvent; note?: string }
  | { type: 'refused'; problem: string; errors?: FormErrors }
  | { type: 'problem'; problem?: string }
  | { type: 'note'; note?: string }
  | { type: 'cover'; error?: string }
  | { type: 'busy'; busy?: EditorBusy }
  | { type: 'preview'; draft?: EventDraft }
  | { type: 'confirm-archive'; open: boolean }

/** Where the editor starts: the event as saved (none for a new one), or what was typed on this device. */
export function initialEditor(
  saved: EditorEvent | undefined,
  typed: EventForm | undefined,
  note?: string,
): EditorState {
  const base = saved ? formOf(saved) : EMPTY
  return {
    ...(saved ? { saved } : {}),
    form: typed ?? base,
    restored: Boolean(typed) && JSON.stringify(typed) !== JSON.stringify(base),
    errors: {},
    ...(note ? { note } : {}),
    confirmArchive: false,
    focusProblem: 0,
  }
}

/** The form after a change: a new event's address follows its title until the host types one. */
export function editedForm(form: EventForm, patch: Partial<EventForm>, slugFollowsTitle: boolean): EventForm {
  const next = { ...form, ...patch }
  if (slugFollowsTitle && patch.title !== undefined) next.id = slugOf(patch.title)
  return next
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit': {
      const { patch, next } = action
      // A field's message goes once it is changed (a schedule's with any of its days); the rest stay until the next check.
      const errors = { ...state.errors }
      for (const name of Object.keys(patch) as (keyof FormErrors)[]) delete errors[name]
      if (patch.weekdays || patch.dates !== undefined) delete errors.schedule
      if (patch.title !== undefined && next.id !== state.form.id) delete errors.id
      // The summary goes with the last message it stood for.
      const problem = Object.keys(errors).length === 0 && state.problem === FIELDS_PROBLEM ? undefined : state.problem
      return { ...state, form: next, note: undefined, errors, problem }
    }
    case 'checked':
      return Object.keys(action.errors).length
        ? { ...state, errors: action.errors, problem: FIELDS_PROBLEM, focusProblem: state.focusProblem + 1 }
        : { ...state, errors: action.errors }
    case 'saved':
      return { ...state, saved: action.event, form: formOf(action.event), restored: false }
    case 'changed':
      return { ...state, saved: action.event, ...(action.note ? { note: action.note } : {}) }
    case 'refused':
      return action.errors
        ? { ...state, problem: action.problem, errors: action.errors, focusProblem: state.focusProblem + 1 }
        : { ...state, problem: action.problem }
    case 'problem':
      return { ...state, problem: action.problem }
    case 'note':
      return { ...state, note: action.note }
    case 'cover':
      return { ...state, errors: { ...state.errors, image: action.error } }
    case 'busy':
      return { ...state, busy: action.busy, ...(action.busy ? { note: undefined } : {}) }
    case 'preview':
      return action.draft ? { ...state, problem: undefined, preview: action.draft } : { ...state, preview: undefined }
    case 'confirm-archive':
      return { ...state, confirmArchive: action.open }
  }
}
