/**
 * The catalogue in the console (/host/catalogue): the events of the host's cities with their
 * status (draft, published, archived, unpublished changes), the way to a new one, and for admins
 * the cities: live for members, listed as coming, or off the selector.
 */

import { Link } from '@tanstack/react-router'
import { refusedField } from '@yaari/domain/callable'
import type { CatalogueEditorView } from '@yaari/domain/catalogue-editor'
import { listCatalogueCall, saveCatalogueCityCall } from '@yaari/domain/catalogue-editor'
import { CITY_TIME_ZONE, type CityRecord, cityRecordSchema } from '@yaari/domain/catalogue-records'
import { describeIssues } from '@yaari/domain/validation'
import { type FormEvent, useRef, useState } from 'react'
import { cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, card, chip, heading, link, text, toolbar } from 'styled-system/recipes'
import * as v from 'valibot'
import { call } from '../../../lib/call'
import { refreshCatalogue } from '../../../lib/catalogue'
import { Button } from '../../../ui/button'
import { CheckboxField } from '../../../ui/checkbox'
import { TextField } from '../../../ui/field'
import { StatusNote } from '../../../ui/status-note'
import { type Answer, useAnswer } from '../answer'
import { BackToConsole } from '../console-link'
import { useHost } from '../host-layout'
import { hostMessage } from '../host-words'
import { slugOf } from './event-form'

export function CataloguePage({ view }: { view: Promise<Answer<CatalogueEditorView> | undefined> }) {
  const session = useHost()
  const { answer, reload } = useAnswer(view)
  const state = { view: answer?.value, error: answer?.error }
  const bar = toolbar()
  const cityName = (id: string) => state.view?.cities.find((city) => city.id === id)?.name ?? id
  return (
    <div className={flow({ gap: '4' })}>
      <BackToConsole />
      <div className={bar.root}>
        <h1 className={cx(heading({ level: 'page' }), bar.title)}>Catalogue</h1>
        <Link to="/host/catalogue/$eventId" params={{ eventId: 'new' }} className={button({ size: 'sm' })}>
          New event
        </Link>
      </div>
      {state.error ? <p role="alert">{state.error}</p> : null}
      {!state.view ? (
        state.error ? null : (
          <StatusNote>Loading the catalogue…</StatusNote>
        )
      ) : (
        <>
          <section aria-labelledby="catalogue-events" className={flow({ gap: '3' })}>
            <h2 id="catalogue-events" className={heading({ level: 'section' })}>
              Events
            </h2>
            {state.view.events.length === 0 ? <p>No events in your cities yet.</p> : null}
            <ul className={flow({ gap: '2' })}>
              {state.view.events.map((event) => (
                <li key={event.id} className={card({ size: 'compact' }).root}>
                  <div className={card({ size: 'compact' }).body}>
                    <Link to="/host/catalogue/$eventId" params={{ eventId: event.id }} className={link()}>
                      {event.title}
                    </Link>
                    <p className={text({ size: 'sm', tone: 'muted' })}>
                      {cityName(event.city)} · /events/{event.id}
                    </p>
                    <div className={wrap({ gap: '2' })}>
                      <span className={chip({ variant: event.status === 'published' ? 'subtle' : 'muted' }).root}>
                        {STATUS_LABELS[event.status]}
                      </span>
                      {event.unpublishedChanges && event.status !== 'draft' ? (
                        <span className={chip({ variant: 'accent' }).root}>Unpublished changes</span>
                      ) : null}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          {session.roles?.admin ? (
            <Cities
              cities={state.view.cities}
              onSaved={() => {
                void reload(call(listCatalogueCall, {}))
                void refreshCatalogue()
              }}
            />
          ) : null}
        </>
      )}
    </div>
  )
}

const STATUS_LABELS = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const

type CityErrors = Partial<Record<'name' | 'id', string>>

/** Each problem under its field (the name, the address), when a check or the server names one. */
function cityErrorsOf(issues: readonly { field: string; message: string }[]): CityErrors {
  const errors: CityErrors = {}
  for (const { field, message } of issues)
    if ((field === 'name' || field === 'id') && !errors[field]) errors[field] = message
  return errors
}

/** An admin's cities: each one's state, and a form to add one or change one. */
function Cities({ cities, onSaved }: { cities: CityRecord[]; onSaved: () => void }) {
  const [form, setForm] = useState({ name: '', id: '', live: true })
  const [errors, setErrors] = useState<CityErrors>({})
  const [problem, setProblem] = useState<string>()
  const [saved, setSaved] = useState<string>()
  const [saving, setSaving] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const idRef = useRef<HTMLInputElement>(null)
  const saveRef = useRef<HTMLButtonElement>(null)
  /** Shows the problems, each under its field, and moves focus to the first; answers whether any was a field's. */
  const show = (found: CityErrors, otherwise: string) => {
    setErrors(found)
    setProblem(found.name || found.id ? undefined : otherwise)
    ;(found.name ? nameRef : found.id ? idRef : saveRef).current?.focus()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(cityRecordSchema, {
      id: form.id || slugOf(form.name),
      name: form.name,
      timeZone: CITY_TIME_ZONE,
      live: form.live,
      status: 'published',
    })
    setSaved(undefined)
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({
        field: String(issue.path?.[0]?.key ?? ''),
        message: issue.message,
      }))
      show(cityErrorsOf(issues), describeIssues(parsed.issues))
      return
    }
    setSaving(true)
    setErrors({})
    setProblem(undefined)
    await call(saveCatalogueCityCall, { city: parsed.output }).then(
      ({ city }) => {
        setForm({ name: '', id: '', live: true })
        setSaved(`Saved ${city.name}: ${city.live ? 'live for members' : 'listed as coming soon'}.`)
        onSaved()
      },
      (error: unknown) => {
        const message = hostMessage(error)
        // The server names the field in its details, as "city.id" (the schema's) or "id".
        const refused = refusedField(error)
        const field = refused?.field.replace(/^city\./, '').split('.')[0] ?? ''
        show(cityErrorsOf(refused ? [{ field, message: refused.reason }] : []), message)
      },
    )
    setSaving(false)
    // The button was disabled while it saved, which drops the keyboard's focus: it comes back.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) saveRef.current?.focus()
    })
  }
  return (
    <section aria-labelledby="catalogue-cities" className={flow({ gap: '3' })}>
      <h2 id="catalogue-cities" className={heading({ level: 'section' })}>
        Cities
      </h2>
      <ul className={flow({ gap: '1' })}>
        {cities.map((city) => (
          <li key={city.id}>
            {city.name} ({city.id}): {city.status !== 'published' ? 'off' : city.live ? 'live' : 'coming soon'}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className={flow({ gap: '3' })} noValidate>
        <h3 className={heading({ level: 'label' })}>Add or change a city</h3>
        <TextField
          ref={nameRef}
          label="City name"
          value={form.name}
          maxLength={40}
          error={errors.name}
          onChange={(e) => {
            setForm({ ...form, name: e.target.value })
            setErrors({ ...errors, name: undefined, ...(form.id ? {} : { id: undefined }) })
          }}
        />
        <TextField
          ref={idRef}
          label="Address in links"
          hint={
            form.name
              ? `Leave empty for “${slugOf(form.name)}”.`
              : 'Leave empty to make it from the name (e.g. “mumbai” for Mumbai).'
          }
          value={form.id}
          maxLength={60}
          error={errors.id}
          onChange={(e) => {
            setForm({ ...form, id: e.target.value })
            setErrors({ ...errors, id: undefined })
          }}
        />
        <CheckboxField
          label="Live: members can pick it and book in it"
          checked={form.live}
          onChange={(live) => setForm({ ...form, live })}
        />
        {problem ? <p role="alert">{problem}</p> : null}
        {saved ? <p role="status">{saved}</p> : null}
        <div>
          <Button ref={saveRef} type="submit" disabled={saving}>
            Save city
          </Button>
        </div>
      </form>
    </section>
  )
}
