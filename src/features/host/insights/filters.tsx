/**
 * The Insights filters: the period (a preset, or a custom range of days checked here before the
 * server is asked), the city and the event. Each choice is asked for at once; a custom range when
 * applied.
 */
import { INSIGHT_DATE_BOUNDS, INSIGHT_MESSAGES, type InsightsView } from '@yaari/domain/insights'
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react'
import { flow, wrap } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { SelectField, TextField } from '../../../ui/field'
import { type InsightsQuery, PERIODS, type Period, periodDates } from './insights-query'

const MAX_DAYS = 400

/** One end of a custom period: a day within the years a period may have. */
function DayField({
  label,
  inputRef,
  value,
  onChange,
  error,
}: {
  label: string
  inputRef: Ref<HTMLInputElement>
  value: string
  onChange: (day: string) => void
  error: string | undefined
}) {
  return (
    <TextField
      ref={inputRef}
      label={label}
      type="date"
      min={INSIGHT_DATE_BOUNDS.min}
      max={INSIGHT_DATE_BOUNDS.max}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  )
}

/** The filters of the numbers shown: `query` is what the address holds, `onAsk` writes a choice into it. */
export function Filters({
  view,
  query,
  onAsk,
  busy,
}: {
  view?: InsightsView
  query: InsightsQuery
  onAsk: (query: InsightsQuery) => void
  busy: boolean
}) {
  const [from, setFrom] = useState(query.from)
  const [to, setTo] = useState(query.to)
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})
  const fromInput = useRef<HTMLInputElement>(null)
  const toInput = useRef<HTMLInputElement>(null)
  // A preset chosen (or a range applied) sets the two days the custom range starts from.
  useEffect(() => {
    setFrom(query.from)
    setTo(query.to)
  }, [query.from, query.to])
  const cities = view?.cities ?? []
  const events = (view?.events ?? []).filter((event) => !query.city || event.city === query.city)
  const today = view?.today ?? query.to
  const applyRange = (event: FormEvent) => {
    event.preventDefault()
    const inBounds = (day: string) => day >= INSIGHT_DATE_BOUNDS.min && day <= INSIGHT_DATE_BOUNDS.max
    const found = {
      from: !from ? 'Choose the first day.' : inBounds(from) ? undefined : INSIGHT_MESSAGES.outOfBounds,
      to: !to
        ? 'Choose the last day.'
        : !inBounds(to)
          ? INSIGHT_MESSAGES.outOfBounds
          : from && from > to
            ? 'The period ends before it starts.'
            : from && (Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_DAYS
              ? `A period is at most ${MAX_DAYS} days.`
              : undefined,
    }
    setErrors(found)
    if (found.from) return fromInput.current?.focus()
    if (found.to) return toInput.current?.focus()
    onAsk({ ...query, period: 'custom', from, to })
  }
  return (
    <form onSubmit={applyRange} noValidate className={flow({ gap: '3' })} aria-label="What to show">
      <div className={wrap({ gap: '3', alignItems: 'end' })}>
        <SelectField
          label="Period"
          placeholder={null}
          value={query.period}
          onChange={(event) => {
            const period = event.target.value as Period
            if (period === 'custom') onAsk({ ...query, period })
            else onAsk({ ...query, period, ...periodDates(period, today) })
          }}
          options={PERIODS}
        />
        {cities.length > 1 ? (
          <SelectField
            label="City"
            placeholder="All your cities"
            value={query.city ?? ''}
            onChange={(event) => onAsk({ ...query, city: event.target.value || undefined, eventId: undefined })}
            options={cities.map((city) => ({ value: city.id, label: city.name }))}
          />
        ) : null}
        <SelectField
          label="Event"
          placeholder="All events"
          value={query.eventId ?? ''}
          onChange={(event) => onAsk({ ...query, eventId: event.target.value || undefined })}
          options={events.map((event) => ({ value: event.id, label: event.title }))}
        />
      </div>
      {query.period === 'custom' ? (
        <div className={wrap({ gap: '3', alignItems: 'end' })}>
          <DayField label="From" inputRef={fromInput} value={from} onChange={setFrom} error={errors.from} />
          <DayField label="To" inputRef={toInput} value={to} onChange={setTo} error={errors.to} />
          <button type="submit" className={button({ size: 'sm' })} disabled={busy}>
            Show this range
          </button>
        </div>
      ) : null}
    </form>
  )
}
