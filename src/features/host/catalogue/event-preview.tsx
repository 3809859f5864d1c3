/** An event as a member will see it, shown in the editor before it is published. */
import { EVENT_CATEGORIES, TIER_LABELS } from '@yaari/domain/catalogue'
import type { EventDraft } from '@yaari/domain/catalogue-editor'
import { formatInr } from '@yaari/domain/money'
import { formatTime, scheduleLabel } from '@yaari/domain/schedule'
import { Fragment } from 'react'
import { flow } from 'styled-system/patterns'
import { bullets, dataList, heading, text } from 'styled-system/recipes'
import { CoverImage } from '../../../ui/cover-image'

export function EventPreview({ event, cityName }: { event: EventDraft; cityName: string }) {
  return (
    <article aria-label="Preview" className={flow({ gap: '3' })}>
      {event.image ? <CoverImage src={event.image} lazy={false} /> : null}
      <p className={text({ tone: 'accent' })}>
        {event.kind} · {EVENT_CATEGORIES.includes(event.category) ? event.category : ''}
      </p>
      <h3 className={heading({ level: 'sub' })}>{event.title}</h3>
      <p>{event.description}</p>
      <dl className={dataList({ layout: 'summary' }).root}>
        <dt>When</dt>
        <dd>{scheduleLabel(event)}</dd>
        <dt>Time</dt>
        <dd>{formatTime(event.startTime)}</dd>
        <dt>Venue area</dt>
        <dd>
          {event.venueArea}, {cityName}
        </dd>
        <dt>Group size</dt>
        <dd>{event.groupSize}</dd>
        {(['girls', 'boys'] as const).map((tier) => (
          <Fragment key={tier}>
            <dt>{TIER_LABELS[tier]}</dt>
            <dd>{formatInr(event.prices[tier])}</dd>
          </Fragment>
        ))}
      </dl>
      <h4 className={heading({ level: 'label' })}>What to expect</h4>
      <ul className={bullets()}>
        {event.whatToExpect.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </article>
  )
}
