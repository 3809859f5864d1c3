/**
 * The catalogue in the console (/host/catalogue): the events of the host's cities with their
 * status (draft, published, archived, unpublished changes), the way to a new one, and for admins
 * the cities: live for members, listed as coming, or off the selector.
 */
import { Link } from '@tanstack/react-router'
import type { CatalogueEditorView } from '@yaari/domain/catalogue-editor'
import { listCatalogueCall, saveCatalogueCityCall } from '@yaari/domain/catalogue-editor'
import { CITY_TIME_ZONE, type CityRecord, cityRecordSchema } from '@yaari/domain/catalogue-records'
import { describeIssues } from '@yaari/domain/validation'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, card, chip, heading, link, text, toolbar } from 'styled-system/recipes'
import * as v from 'valibot'
import { refreshCatalogue } from '../../../lib/catalogue'
import { usePageMeta } from '../../../lib/page-meta'
import { Button } from '../../../ui/button'
import { CheckboxField } from '../../../ui/checkbox'
import { TextField } from '../../../ui/field'
import { HostGate } from '../host-pages'
import { callHost, type HostSession, hostErrorMessage } from '../host-session'
import { slugOf } from './event-form'

export function CataloguePage() {
  usePageMeta({ title: 'Catalogue', description: 'The events and cities members can book.' })
  return <HostGate>{(session) => <Catalogue session={session} />}</HostGate>
}

function Catalogue({ session }: { session: Extract<HostSession, { status: 'host' }> }) {
  const [state, setState] = useState<{ view?: CatalogueEditorView; error?: string }>({})
  const load = useCallback(
    () =>
      callHost(listCatalogueCall, {}).then(
        (view) => setState({ view }),
        (error: unknown) => setState((shown) => ({ ...shown, error: hostErrorMessage(error) })),
      ),
    [],
  )
  useEffect(() => {
    void load()
  }, [load])
  const bar = toolbar()
  const cityName = (id: string) => state.view?.cities.find((city) => city.id === id)?.name ?? id
  return (
    <div className={flow({ gap: '4' })}>
      <Link to="/host" className={link()}>
        ← Host console
      </Link>
      <div className={bar.root}>
        <h1 className={cx(heading({ level: 'page' }), bar.title)}>Catalogue</h1>
        <Link to="/host/catalogue/$eventId" params={{ eventId: 'new' }} className={button({ size: 'sm' })}>
          New event
        </Link>
      </div>
      {state.error ? <p role="alert">{state.error}</p> : null}
      {!state.view ? (
        state.error ? null : (
          <p role="status" className={text({ tone: 'muted' })}>
            Loading the catalogue…
          </p>
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
                void load()
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

/** An admin's cities: each one's state, and a form to add one or change one. */
function Cities({ cities, onSaved }: { cities: CityRecord[]; onSaved: () => void }) {
  const [form, setForm] = useState({ name: '', id: '', live: true })
  const [problem, setProblem] = useState<string>()
  const [saved, setSaved] = useState<string>()
  const [saving, setSaving] = useState(false)
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
      setProblem(describeIssues(parsed.issues))
      return
    }
    setSaving(true)
    setProblem(undefined)
    await callHost(saveCatalogueCityCall, { city: parsed.output }).then(
      ({ city }) => {
        setForm({ name: '', id: '', live: true })
        setSaved(`Saved ${city.name}: ${city.live ? 'live for members' : 'listed as coming soon'}.`)
        onSaved()
      },
      (error: unknown) => setProblem(hostErrorMessage(error)),
    )
    setSaving(false)
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
          label="City name"
          value={form.name}
          maxLength={40}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <TextField
          label="Address in links"
          hint={`Leave empty for “${slugOf(form.name) || 'mumbai'}”.`}
          value={form.id}
          maxLength={60}
          onChange={(e) => setForm({ ...form, id: e.target.value })}
        />
        <CheckboxField
          label="Live: members can pick it and book in it"
          checked={form.live}
          onChange={(live) => setForm({ ...form, live })}
        />
        {problem ? <p role="alert">{problem}</p> : null}
        {saved ? <p role="status">{saved}</p> : null}
        <div>
          <Button type="submit" disabled={saving}>
            Save city
          </Button>
        </div>
      </form>
    </section>
  )
}
