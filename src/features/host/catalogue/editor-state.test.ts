import type { EditorEvent } from '@yaari/domain/catalogue-editor'
import { describe, expect, it } from 'vitest'
import { editedForm, editorReducer, FIELDS_PROBLEM, initialEditor } from './editor-state'
import { EMPTY_FORM } from './event-form'

const EVENT = { id: 'brunch', title: 'Brunch', status: 'archived' } as unknown as EditorEvent

describe('the event editor’s state', () => {
  it('starts from what was typed on the device, said as restored only when it differs', () => {
    const typed = { ...EMPTY_FORM, title: 'Brunch' }
    expect(initialEditor(undefined, typed).restored).toBe(true)
    expect(initialEditor(undefined, { ...EMPTY_FORM }).restored).toBe(false)
    expect(initialEditor(undefined, undefined, 'Draft saved.').note).toBe('Draft saved.')
  })

  it('makes a new event’s address from its title until the host types one', () => {
    expect(editedForm(EMPTY_FORM, { title: 'Sunday Brunch' }, true).id).toBe('sunday-brunch')
    expect(editedForm(EMPTY_FORM, { title: 'Sunday Brunch' }, false).id).toBe('')
  })

  it('takes a field’s message away once it is changed, and the summary with the last one', () => {
    let state = initialEditor(undefined, undefined)
    state = editorReducer(state, { type: 'checked', errors: { girls: 'A price…', schedule: 'When?' } })
    expect(state.problem).toBe(FIELDS_PROBLEM)
    expect(state.focusProblem).toBe(1)
    const girls = { girls: '899' }
    state = editorReducer(state, { type: 'edit', patch: girls, next: { ...state.form, ...girls } })
    expect(state.errors).toEqual({ schedule: 'When?' })
    expect(state.problem).toBe(FIELDS_PROBLEM)
    const days = { weekdays: [0] }
    state = editorReducer(state, { type: 'edit', patch: days, next: { ...state.form, ...days } })
    expect(state.errors).toEqual({})
    expect(state.problem).toBeUndefined()
  })

  it('puts a refusal about one field under it, and moves focus there', () => {
    const state = editorReducer(initialEditor(undefined, undefined), {
      type: 'refused',
      problem: 'Taken.',
      errors: { id: 'Taken.' },
    })
    expect(state).toMatchObject({ problem: 'Taken.', errors: { id: 'Taken.' }, focusProblem: 1 })
  })

  it('clears the note when an action starts, and keeps the archive’s note with the archived event', () => {
    let state = initialEditor(undefined, undefined, 'Draft saved.')
    state = editorReducer(state, { type: 'busy', busy: 'archive' })
    expect(state.note).toBeUndefined()
    state = editorReducer(state, { type: 'changed', event: EVENT, note: 'Archived.' })
    expect(state).toMatchObject({ saved: EVENT, note: 'Archived.' })
  })
})
