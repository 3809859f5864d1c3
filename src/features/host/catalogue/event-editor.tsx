/**
 * An event in the catalogue editor (/host/catalogue/<id>, "new" for a new one): every field with
 * its message, kept on the device as typed; save (a draft, or changes members do not see yet),
 * preview as a member would see it, publish, archive. Save and Publish check every field alike
 * (Publish also wants a cover), each problem under its own field, and move focus to the first.
 * One-off and skipped dates are tapped on a calendar that marks the weekly dates. The cover is
 * uploaded through a function once the event is saved.
 */

import { FileUpload } from '@ark-ui/react/file-upload'
import { Link, useNavigate } from '@tanstack/react-router'
import { refusedField } from '@yaari/domain/callable'
import { EVENT_CATEGORIES } from '@yaari/domain/catalogue'
import {
  archiveCatalogueEventCall,
  type CatalogueEditorView,
  type EditorEvent,
  type EventDraft,
  listCatalogueCall,
  publishCatalogueEventCall,
  saveCatalogueEventCall,
  uploadEventCoverCall,
} from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES, MAX_MONTHS_AHEAD } from '@yaari/domain/catalogue-records'
import { MAX_PHOTO_BYTES } from '@yaari/domain/profile'
import { formatShortDate, istToday, lastOfferedDate, weekdayOf } from '@yaari/domain/schedule'
import { WEEKDAY_NAMES } from '@yaari/domain/time-labels'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { flow, grid, wrap } from 'styled-system/patterns'
import { chip, heading, link, text, toolbar } from 'styled-system/recipes'
import { refreshCatalogue } from '../../../lib/catalogue'
import { usePageMeta } from '../../../lib/page-meta'
import { Button } from '../../../ui/button'
import { CheckboxField } from '../../../ui/checkbox'
import { DatesPicker } from '../../../ui/dates-picker'
import { Dialog } from '../../../ui/dialog'
import { SelectField, TextAreaField, TextField } from '../../../ui/field'
import { HostGate } from '../host-pages'
import { callHost, hostErrorMessage } from '../host-session'
import { dropEventDraft, keepEventDraft, readEventDraft } from './event-drafts'
import { checkForm, dateList, EMPTY_FORM, type EventForm, type FormErrors, formOf, slugOf } from './event-form'
import { EventPreview } from './event-preview'

export function EventEditorPage({ eventId }: { eventId: string }) {
  usePageMeta({ title: eventId === 'new' ? 'New event' : 'Edit event', description: 'The catalogue editor.' })
  return <HostGate>{(session) => <Editor key={eventId} uid={session.uid} eventId={eventId} />}</HostGate>
}

const FIELDS_PROBLEM = 'Some fields need a look: each says what is wrong.'

/** What a save said just before the editor moved to the saved event's address (it opens anew there). */
let carriedNote: string | undefined

interface Loaded {
  view: CatalogueEditorView
  saved?: EditorEvent
}

function Editor({ uid, eventId }: { uid: string; eventId: string }) {
  const isNew = eventId === 'new'
  const navigate = useNavigate()
  const [loaded, setLoaded] = useState<Loaded>()
  const [form, setForm] = useState<EventForm>()
  const [restored, setRestored] = useState(false)
  const [errors, setErrors] = useState<FormErrors>({})
  const [problem, setProblem] = useState<string>()
  const [note, setNote] = useState<string | undefined>(() => {
    const carried = carriedNote
    carriedNote = undefined
    return carried
  })
  const [busy, setBusy] = useState<string>()
  const [preview, setPreview] = useState<EventDraft>()
  const [confirmArchive, setConfirmArchive] = useState(false)
  const slugTouched = useRef(!isNew)
  const formRef = useRef<HTMLFormElement>(null)
  // Each time problems are shown, focus goes to the first field that has one (in the form's order).
  const [focusFirstProblem, setFocusFirstProblem] = useState(0)
  useEffect(() => {
    if (!focusFirstProblem) return
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid] [data-part="table-cell-trigger"][tabindex="0"], [data-invalid] button, [data-invalid] input',
    )
    first?.focus()
    first?.scrollIntoView({ block: 'center' })
  }, [focusFirstProblem])

  // A button is disabled while its action runs, which drops the keyboard's focus: it comes back when
  // the action ends. A new event's first save opens its own address: focus goes to what was said.
  const focusAfter = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (busy || !focusAfter.current) return
    const back = focusAfter.current
    focusAfter.current = null
    if (back.isConnected && (document.activeElement === document.body || !document.activeElement)) back.focus()
  }, [busy])
  const noteRef = useRef<HTMLParagraphElement>(null)
  const arrivedWithNote = useRef(Boolean(note))
  useEffect(() => {
    if (!arrivedWithNote.current || !loaded) return
    arrivedWithNote.current = false
    noteRef.current?.focus()
  }, [loaded])

  useEffect(() => {
    let live = true
    Promise.all([callHost(listCatalogueCall, {}), readEventDraft(uid, eventId)]).then(
      ([view, typed]) => {
        if (!live) return
        const saved = view.events.find((event) => event.id === eventId)
        if (!isNew && !saved) {
          setProblem(CATALOGUE_MESSAGES.notFound)
          return
        }
        setLoaded({ view, ...(saved ? { saved } : {}) })
        const base = saved ? formOf(saved) : EMPTY_FORM
        setForm(typed ?? base)
        setRestored(Boolean(typed) && JSON.stringify(typed) !== JSON.stringify(base))
      },
      (error: unknown) => live && setProblem(hostErrorMessage(error)),
    )
    return () => {
      live = false
    }
  }, [uid, eventId, isNew])

  if (!form || !loaded) {
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

  const saved = loaded.saved
  const archived = saved?.status === 'archived'
  const update = (patch: Partial<EventForm>) => {
    const next = { ...form, ...patch }
    if (isNew && !slugTouched.current && patch.title !== undefined) next.id = slugOf(patch.title)
    setForm(next)
    setNote(undefined)
    // A field's message goes once it is changed (a schedule's with any of its days); the rest stay until the next check.
    const left = { ...errors }
    for (const name of Object.keys(patch) as (keyof FormErrors)[]) delete left[name]
    if (patch.weekdays || patch.dates !== undefined) delete left.schedule
    if (patch.title !== undefined && next.id !== form.id) delete left.id
    setErrors(left)
    // The summary goes with the last message it stood for.
    if (Object.keys(left).length === 0 && problem === FIELDS_PROBLEM) setProblem(undefined)
    void keepEventDraft(uid, eventId, next)
  }
  /** Every field checked (and, to publish, the cover): the draft, or undefined with each problem shown. */
  const checked = (toPublish = false) => {
    const result = checkForm(form)
    const problems: FormErrors = { ...result.errors }
    // A new event takes its cover once saved: Publish says so rather than ask for what cannot be given yet.
    if (toPublish && !form.image) problems.image = saved ? CATALOGUE_MESSAGES.cover : CATALOGUE_MESSAGES.coverAfterSave
    setErrors(problems)
    if (Object.keys(problems).length) {
      setProblem(FIELDS_PROBLEM)
      setFocusFirstProblem((n) => n + 1)
      return undefined
    }
    return result.draft
  }

  /** Saves the form; answers the saved event, or undefined after saying why not. */
  const save = async (toPublish = false): Promise<EditorEvent | undefined> => {
    const draft = checked(toPublish)
    if (!draft) return undefined
    setProblem(undefined)
    return callHost(saveCatalogueEventCall, { event: draft, isNew: !saved }).then(
      async ({ event }) => {
        await dropEventDraft(uid, eventId)
        setLoaded({ ...loaded, saved: event })
        setForm(formOf(event))
        setRestored(false)
        return event
      },
      (error: unknown) => {
        // A refusal about one field names it in its details ("image", or "event.title" from the schema).
        const refused = refusedField(error)
        const field = refused?.field.replace(/^event\./, '').split('.')[0]
        const beside = refused && field && field in form ? field : undefined
        if (refused && beside) {
          setErrors({ [beside]: refused.reason })
          setFocusFirstProblem((n) => n + 1)
        }
        setProblem(refused && beside ? refused.reason : hostErrorMessage(error))
        return undefined
      },
    )
  }
  /** Says how it went; a new event's editor moves to its address first (and opens there anew). */
  const say = async (said: string, event: EditorEvent) => {
    if (!isNew) return setNote(said)
    carriedNote = said
    await navigate({ to: '/host/catalogue/$eventId', params: { eventId: event.id }, replace: true })
  }
  const run = async (name: string, task: () => Promise<void>) => {
    focusAfter.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setBusy(name)
    setNote(undefined)
    await task()
    setBusy(undefined)
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
      await callHost(publishCatalogueEventCall, { id: event.id, savedAt: event.updatedAt }).then(
        async (answer) => {
          setLoaded({ ...loaded, saved: answer.event })
          await refreshCatalogue()
          await say('Published: members see it now.', answer.event)
        },
        (error: unknown) => setProblem(hostErrorMessage(error)),
      )
    })
  const archive = () =>
    run('archive', async () => {
      setConfirmArchive(false)
      if (!saved) return
      await callHost(archiveCatalogueEventCall, { id: saved.id }).then(
        async (answer) => {
          setLoaded({ ...loaded, saved: answer.event })
          setNote('Archived: off the listing and not for sale. Its tickets stay valid.')
          await refreshCatalogue()
        },
        (error: unknown) => setProblem(hostErrorMessage(error)),
      )
    })
  const upload = (file: File | undefined) =>
    run('cover', async () => {
      if (!file || !saved) return
      if (file.size > MAX_PHOTO_BYTES) {
        setErrors({ ...errors, image: CATALOGUE_MESSAGES.coverSize })
        return
      }
      const data = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader()
        reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
        reader.onerror = () => reject(reader.error)
        reader.readAsDataURL(file)
      })
      await callHost(uploadEventCoverCall, { id: saved.id, data }, 60_000).then(
        ({ image }) => {
          update({ image })
          setErrors({ ...errors, image: undefined })
          setNote('Cover uploaded. Save or publish to use it.')
        },
        (error: unknown) => setErrors({ ...errors, image: hostErrorMessage(error) }),
      )
    })

  const cities = loaded.view.cities.filter((city) => city.status === 'published')
  // The calendars: from today (IST) to the furthest month dates may be offered, the weekly days marked.
  const today = istToday()
  const lastDay = lastOfferedDate(MAX_MONTHS_AHEAD)
  const weekly = (date: string) => form.weekdays.includes(weekdayOf(date))
  // Days that change nothing, said (not refused): a one-off on a weekly day, a skip of a day it does not run.
  const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date)
  const oneOffs = dateList(form.dates).filter(isDay)
  const days = (dates: string[]) => dates.map(formatShortDate).join(', ')
  const doubled = oneOffs.filter(weekly)
  const idle = dateList(form.skipped).filter((date) => isDay(date) && !weekly(date) && !oneOffs.includes(date))
  const bar = toolbar()
  const field = (name: keyof EventForm) => ({
    value: String(form[name]),
    error: errors[name],
    disabled: archived,
    onChange: (e: { target: { value: string } }) => update({ [name]: e.target.value }),
  })
  return (
    <div className={flow({ gap: '4' })}>
      <BackLink />
      <div className={bar.root}>
        <h1 className={`${heading({ level: 'page' })} ${bar.title}`}>
          {isNew ? 'New event' : form.title || saved?.title}
        </h1>
        {saved ? (
          <span className={chip({ variant: saved.status === 'published' ? 'subtle' : 'muted' }).root}>
            {saved.status === 'published' && saved.unpublishedChanges
              ? 'Published, with unpublished changes'
              : { draft: 'Draft', published: 'Published', archived: 'Archived' }[saved.status]}
          </span>
        ) : null}
      </div>
      {restored ? (
        <p role="status" className={text({ size: 'sm', tone: 'muted' })}>
          Restored what you typed on this device; it is not saved yet.
        </p>
      ) : null}
      <form ref={formRef} onSubmit={onSave} noValidate className={flow({ gap: '4' })}>
        <fieldset className={flow({ gap: '3' })} disabled={archived}>
          <legend className={heading({ level: 'sub' })}>The event</legend>
          <TextField label="Title" maxLength={80} {...field('title')} />
          <TextField
            label="Web address"
            hint={`The event’s page on Yaari: /events/${form.id || '…'} (not the venue; fixed once saved)`}
            {...field('id')}
            disabled={!isNew || archived}
            onChange={(e) => {
              slugTouched.current = true
              update({ id: e.target.value })
            }}
          />
          <SelectField
            label="City"
            options={cities.map((city) => ({ value: city.id, label: city.name }))}
            {...field('city')}
          />
          <SelectField
            label="Category"
            options={EVENT_CATEGORIES.map((category) => ({ value: category, label: category }))}
            {...field('category')}
          />
          <TextField label="Kind" hint="e.g. Sunday Brunch" maxLength={40} {...field('kind')} />
          <TextAreaField label="Description" rows={4} maxLength={700} {...field('description')} />
          <TextAreaField label="What to expect (one a line)" rows={4} {...field('whatToExpect')} />
          <TextField label="Group size" hint="e.g. 6-8 guests" maxLength={40} {...field('groupSize')} />
          <TextField
            label="Venue area"
            hint="The neighbourhood; the venue is shared the day before"
            maxLength={60}
            {...field('venueArea')}
          />
        </fieldset>
        <fieldset className={flow({ gap: '3' })} disabled={archived}>
          <legend className={heading({ level: 'sub' })}>Price and seats</legend>
          <div className={grid({ columns: 2, gap: '3' })}>
            <TextField label="Girls price (₹)" inputMode="numeric" {...field('girls')} />
            <TextField label="Boys price (₹)" inputMode="numeric" {...field('boys')} />
          </div>
          <TextField label="Capacity per date" inputMode="numeric" {...field('capacity')} />
        </fieldset>
        <fieldset className={flow({ gap: '3' })} disabled={archived}>
          <legend className={heading({ level: 'sub' })}>When</legend>
          <div className={grid({ columns: 2, gap: '3' })}>
            <TextField label="Start time" hint="24-hour, e.g. 11:00" {...field('startTime')} />
            <TextField label="Duration (minutes)" inputMode="numeric" {...field('durationMinutes')} />
          </div>
          <fieldset aria-describedby={errors.schedule || errors.weekdays ? 'weekday-problem' : undefined}>
            <legend className={heading({ level: 'label' })}>Every week on</legend>
            <div className={wrap({ gap: '3' })}>
              {WEEKDAY_NAMES.map((name, day) => (
                <CheckboxField
                  key={name}
                  label={name}
                  disabled={archived}
                  checked={form.weekdays.includes(day)}
                  onChange={(on) =>
                    update({ weekdays: on ? [...form.weekdays, day] : form.weekdays.filter((d) => d !== day) })
                  }
                />
              ))}
            </div>
            {errors.schedule || errors.weekdays ? (
              <p id="weekday-problem" role="alert" className={text({ tone: 'error', size: 'sm' })}>
                {errors.schedule ?? errors.weekdays}
              </p>
            ) : null}
          </fieldset>
          <DatesPicker
            label="One-off dates"
            hint={
              doubled.length
                ? `It runs every week on ${days(doubled)} already: no need to add ${doubled.length > 1 ? 'them' : 'it'}.`
                : 'Tap a day to add it, again to take it away.'
            }
            value={dateList(form.dates)}
            onChange={(dates) => update({ dates: dates.join(', ') })}
            min={today}
            max={lastDay}
            marked={weekly}
            markedMeaning={form.weekdays.length ? 'A dot marks the days it runs every week.' : undefined}
            error={errors.dates}
            disabled={archived}
          />
          <DatesPicker
            label="Dates skipped"
            hint={
              idle.length
                ? `It does not run on ${days(idle)} anyway: skipping ${idle.length > 1 ? 'them' : 'it'} changes nothing.`
                : 'Tap a weekly day (marked with a dot) that it does not run.'
            }
            value={dateList(form.skipped)}
            onChange={(skipped) => update({ skipped: skipped.join(', ') })}
            min={today}
            max={lastDay}
            marked={weekly}
            error={errors.skipped}
            disabled={archived}
          />
          <TextField
            label="Months ahead offered"
            hint={`After this month, 0 to ${MAX_MONTHS_AHEAD}`}
            inputMode="numeric"
            {...field('monthsAhead')}
          />
          <CheckboxField
            label="Featured on the home page"
            checked={form.featured}
            disabled={archived}
            onChange={(featured) => update({ featured })}
          />
        </fieldset>
        <fieldset className={flow({ gap: '3' })} disabled={archived}>
          <legend className={heading({ level: 'sub' })}>Cover</legend>
          {form.image ? (
            <img src={form.image} alt="The cover" className={css({ maxW: 'xs', borderRadius: 'l2' })} />
          ) : null}
          <FileUpload.Root
            accept="image/jpeg,image/png,image/webp"
            maxFiles={1}
            disabled={!saved || archived || busy === 'cover'}
            onFileAccept={({ files }) => void upload(files[0])}
            data-invalid={errors.image ? '' : undefined}
            className={flow({ gap: '2' })}
          >
            <FileUpload.Label className={heading({ level: 'label' })}>Cover image</FileUpload.Label>
            <FileUpload.Trigger asChild>
              <Button variant="outline" loading={busy === 'cover'} loadingText="Uploading the cover…">
                {form.image ? 'Choose another cover' : 'Choose a cover'}
              </Button>
            </FileUpload.Trigger>
            <FileUpload.HiddenInput aria-invalid={errors.image ? true : undefined} />
            {errors.image ? (
              <p role="alert" className={text({ tone: 'error', size: 'sm' })}>
                {errors.image}
              </p>
            ) : (
              <p className={text({ size: 'sm', tone: 'muted' })}>
                {saved ? 'A JPEG, PNG or WebP photo, at most 5 MB; shown 16:9.' : CATALOGUE_MESSAGES.coverAfterSave}
              </p>
            )}
          </FileUpload.Root>
        </fieldset>
        {problem ? <p role="alert">{problem}</p> : null}
        {note ? (
          <p role="status" ref={noteRef} tabIndex={-1}>
            {note}
          </p>
        ) : null}
        {archived ? null : (
          <div className={wrap({ gap: '2' })}>
            <Button type="submit" variant="outline" disabled={Boolean(busy)}>
              {busy === 'save' ? 'Saving…' : 'Save draft'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={Boolean(busy)}
              onClick={() => {
                const draft = checked()
                if (draft) {
                  setProblem(undefined)
                  setPreview(draft)
                }
              }}
            >
              Preview
            </Button>
            <Button type="button" disabled={Boolean(busy)} onClick={() => void publish()}>
              {busy === 'publish' ? 'Publishing…' : 'Publish'}
            </Button>
            {saved && saved.status !== 'draft' ? (
              <Button type="button" variant="ghost" disabled={Boolean(busy)} onClick={() => setConfirmArchive(true)}>
                Archive
              </Button>
            ) : null}
          </div>
        )}
      </form>
      <Dialog
        open={preview !== undefined}
        onOpenChange={(open) => !open && setPreview(undefined)}
        title="Preview"
        description="As members will see it once it is published."
      >
        {preview ? (
          <EventPreview
            event={preview}
            cityName={cities.find((city) => city.id === preview.city)?.name ?? preview.city}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={confirmArchive}
        onOpenChange={setConfirmArchive}
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

function BackLink() {
  return (
    <Link to="/host/catalogue" className={link()}>
      ← Catalogue
    </Link>
  )
}
