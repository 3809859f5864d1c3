/**
 * The catalogue editor's form: every field as the host types it (text, so nothing typed is lost
 * while it is still wrong), made into the event the callables take and checked with the same
 * schema the functions parse with, each problem under its field with the domain's message.
 */
import { type EventDraft, eventDraftSchema } from '@yaari/domain/catalogue-editor'
import type { EventRecord } from '@yaari/domain/catalogue-records'
import { DEFAULT_REVEAL_HOURS, groupSettingsOf } from '@yaari/domain/groups'
import { DEFAULT_GROUP_SIZE } from '@yaari/domain/groups-planner'
import * as v from 'valibot'

export interface EventForm {
  id: string
  city: string
  category: string
  title: string
  kind: string
  description: string
  /** One line each. */
  whatToExpect: string
  groupSize: string
  /** The size its dates' groups are planned at. */
  tableSize: string
  /** Hours before the start a guest's group is revealed. */
  revealHours: string
  venueArea: string
  image: string
  girls: string
  boys: string
  capacity: string
  startTime: string
  durationMinutes: string
  weekdays: number[]
  /** Dates as YYYY-MM-DD, separated by commas, spaces or lines. */
  dates: string
  skipped: string
  monthsAhead: string
  featured: boolean
}

type FormField = keyof EventForm

export const EMPTY_FORM: EventForm = {
  id: '',
  city: '',
  category: '',
  title: '',
  kind: '',
  description: '',
  whatToExpect: '',
  groupSize: '',
  tableSize: String(DEFAULT_GROUP_SIZE),
  revealHours: String(DEFAULT_REVEAL_HOURS),
  venueArea: '',
  image: '',
  girls: '',
  boys: '',
  capacity: '10',
  startTime: '18:00',
  durationMinutes: '180',
  weekdays: [],
  dates: '',
  skipped: '',
  monthsAhead: '2',
  featured: false,
}

/** A stored record as the form shows it. */
export function formOf(event: EventRecord): EventForm {
  return {
    id: event.id,
    city: event.city,
    category: event.category,
    title: event.title,
    kind: event.kind,
    description: event.description,
    whatToExpect: event.whatToExpect.join('\n'),
    groupSize: event.groupSize,
    tableSize: String(groupSettingsOf(event).size),
    revealHours: String(groupSettingsOf(event).revealHours),
    venueArea: event.venueArea,
    image: event.image,
    girls: String(event.prices.girls),
    boys: String(event.prices.boys),
    capacity: String(event.capacity),
    startTime: event.startTime,
    durationMinutes: String(event.durationMinutes),
    weekdays: [...event.schedule.weekdays],
    dates: event.schedule.dates.join(', '),
    skipped: event.schedule.skipped.join(', '),
    monthsAhead: String(event.schedule.monthsAhead),
    featured: event.featured,
  }
}

/** A form read back from the device, if it still is one (an older or damaged row is dropped). */
export function storedForm(value: unknown): EventForm | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const form = { ...EMPTY_FORM, ...(value as Partial<EventForm>) }
  const ok = Object.entries(EMPTY_FORM).every(([key, empty]) =>
    Array.isArray(empty) ? Array.isArray(form[key as FormField]) : typeof form[key as FormField] === typeof empty,
  )
  return ok ? form : undefined
}

/** "499" -> 499; anything else stays as typed, so the schema says what is wrong with it. */
const number = (text: string): unknown => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text)
/** "2026-12-25, 2027-01-01": the dates a form's text holds, in order. */
export const dateList = (text: string) => text.split(/[\s,]+/).filter(Boolean)
const list = dateList

/** The request the editor sends, before it is checked. */
export function draftOf(form: EventForm): unknown {
  return {
    id: form.id.trim(),
    city: form.city,
    category: form.category,
    title: form.title,
    kind: form.kind,
    description: form.description,
    whatToExpect: form.whatToExpect
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    groupSize: form.groupSize,
    tableSize: number(form.tableSize),
    revealHours: number(form.revealHours),
    venueArea: form.venueArea,
    image: form.image,
    prices: { girls: number(form.girls), boys: number(form.boys) },
    capacity: number(form.capacity),
    startTime: form.startTime.trim(),
    durationMinutes: number(form.durationMinutes),
    schedule: {
      weekdays: [...form.weekdays].sort(),
      dates: list(form.dates),
      skipped: list(form.skipped),
      monthsAhead: number(form.monthsAhead),
    },
    featured: form.featured,
  }
}

/** Where a problem of the schema shows: the form field its path names. */
function fieldOf(path: readonly string[]): FormField | 'schedule' {
  const [first, second] = path
  if (first === 'prices') return second === 'boys' ? 'boys' : 'girls'
  if (first === 'schedule') return (second as FormField | undefined) ?? 'schedule'
  return (first as FormField | undefined) ?? 'schedule'
}

export type FormErrors = Partial<Record<FormField | 'schedule', string>>

/** The event, or each field's first problem in the editor's words. */
export function checkForm(
  form: EventForm,
): { draft: EventDraft; errors?: undefined } | { draft?: undefined; errors: FormErrors } {
  const parsed = v.safeParse(eventDraftSchema, draftOf(form))
  if (parsed.success) return { draft: parsed.output }
  const errors: FormErrors = {}
  for (const issue of parsed.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key))
    const field = fieldOf(path)
    errors[field] ??= issue.message
  }
  return { errors }
}

/** "Mumbai Sunday Brunch" -> "mumbai-sunday-brunch": the address a new event starts with. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
}
