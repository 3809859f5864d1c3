/**
 * The event editor's fields, in the form's order: the event, price and seats, when it runs (weekly
 * days, and one-off and skipped dates tapped on calendars that mark the weekly ones), and its cover.
 * The editor (event-editor.tsx) holds what they show and what a change does.
 */
import { FileUpload } from '@ark-ui/react/file-upload'
import { EVENT_CATEGORIES } from '@yaari/domain/catalogue'
import type { EditorEvent } from '@yaari/domain/catalogue-editor'
import { CATALOGUE_MESSAGES, type CityRecord, MAX_MONTHS_AHEAD } from '@yaari/domain/catalogue-records'
import { formatShortDate, istToday, lastOfferedDate, weekdayOf } from '@yaari/domain/schedule'
import { WEEKDAY_NAMES } from '@yaari/domain/time-labels'
import { css } from 'styled-system/css'
import { flow, grid, wrap } from 'styled-system/patterns'
import { heading, text } from 'styled-system/recipes'
import { Button } from '../../../ui/button'
import { CheckboxField } from '../../../ui/checkbox'
import { DatesPicker } from '../../../ui/dates-picker'
import { SelectField, TextAreaField, TextField } from '../../../ui/field'
import { dateList, type EventForm, type FormErrors } from './event-form'

export interface EventFieldsProps {
  form: EventForm
  errors: FormErrors
  isNew: boolean
  saved?: EditorEvent
  /** The cities an event may be in (the published ones). */
  cities: CityRecord[]
  uploading: boolean
  update: (patch: Partial<EventForm>) => void
  /** The host typed the web address (a new event's then stops following its title). */
  onAddress: (id: string) => void
  onCover: (file: File | undefined) => void
}

export function EventFields({
  form,
  errors,
  isNew,
  saved,
  cities,
  uploading,
  update,
  onAddress,
  onCover,
}: EventFieldsProps) {
  const archived = saved?.status === 'archived'
  // The calendars: from today (IST) to the furthest month dates may be offered, the weekly days marked.
  const today = istToday()
  const lastDay = lastOfferedDate(MAX_MONTHS_AHEAD)
  const weekly = (date: string) => form.weekdays.includes(weekdayOf(date))
  const calendar = { min: today, max: lastDay, marked: weekly, disabled: archived }
  // Days that change nothing, said (not refused): a one-off on a weekly day, a skip of a day it does not run.
  const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date)
  const oneOffs = dateList(form.dates).filter(isDay)
  const days = (dates: string[]) => dates.map(formatShortDate).join(', ')
  const doubled = oneOffs.filter(weekly)
  const idle = dateList(form.skipped).filter((date) => isDay(date) && !weekly(date) && !oneOffs.includes(date))
  const field = (name: keyof EventForm) => ({
    value: String(form[name]),
    error: errors[name],
    disabled: archived,
    onChange: (e: { target: { value: string } }) => update({ [name]: e.target.value }),
  })
  return (
    <>
      <fieldset className={flow({ gap: '3' })} disabled={archived}>
        <legend className={heading({ level: 'sub' })}>The event</legend>
        <TextField label="Title" maxLength={80} {...field('title')} />
        <TextField
          label="Web address"
          hint={`The event’s page on Yaari: /events/${form.id || '…'} (not the venue; fixed once saved)`}
          {...field('id')}
          disabled={!isNew || archived}
          onChange={(e) => onAddress(e.target.value)}
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
        <div className={grid({ columns: 2, gap: '3' })}>
          <TextField
            label="Guests per group"
            hint="Each date’s guests are seated in groups of about this size (4-8)"
            inputMode="numeric"
            {...field('tableSize')}
          />
          <TextField
            label="Reveal groups (hours before)"
            hint="When each guest sees their group on the ticket"
            inputMode="numeric"
            {...field('revealHours')}
          />
        </div>
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
          {...calendar}
          markedMeaning={form.weekdays.length ? 'A dot marks the days it runs every week.' : undefined}
          error={errors.dates}
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
          {...calendar}
          error={errors.skipped}
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
          disabled={!saved || archived || uploading}
          onFileAccept={({ files }) => onCover(files[0])}
          data-invalid={errors.image ? '' : undefined}
          className={flow({ gap: '2' })}
        >
          <FileUpload.Label className={heading({ level: 'label' })}>Cover image</FileUpload.Label>
          <FileUpload.Trigger asChild>
            <Button variant="outline" loading={uploading} loadingText="Uploading the cover…">
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
    </>
  )
}
