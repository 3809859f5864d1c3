/**
 * The audit log as a host reads it (/host/audit): every check-in, undo, action, view and download
 * about their cities' dates, newest first, each event named by its title.
 */
import type { AuditEntry } from '@yaari/domain/host'
import { formatIstDateTime } from '@yaari/domain/schedule'
import { css } from 'styled-system/css'
import { flow, grid } from 'styled-system/patterns'
import { heading, text } from 'styled-system/recipes'
import { useCatalogue } from '../../lib/catalogue'
import { StatusNote } from '../../ui/status-note'
import { type Answer, useAnswer } from './answer'
import { BackToConsole } from './console-link'

const ACTION_LABELS: Record<string, string> = {
  'share-venue': 'Shared the venue',
  'change-venue': 'Changed the venue',
  'set-capacity': 'Changed the capacity',
  'close-sales': 'Closed sales',
  'reopen-sales': 'Reopened sales',
  'cancel-date': 'Cancelled the date',
  'cancel-seat': 'Cancelled a member’s seat',
  'view-guest-list': 'Viewed the guest list',
  'export-guest-list': 'Downloaded the guest list',
  'message-guests': 'Messaged the guests',
  moderate: 'Moderated a member',
  'lift-moderation': 'Lifted a member’s restriction',
  'ready-door': 'Readied the door',
  'check-in': 'Checked a guest in',
  'undo-check-in': 'Undid a check-in',
  'remove-admission': 'Removed an admission',
  'save-event': 'Saved an event',
  'publish-event': 'Published an event',
  'archive-event': 'Archived an event',
  'save-city': 'Saved a city',
  'seed-catalogue': 'Loaded the seed catalogue',
  'mark-attendance': 'Marked who came',
  'resolve-report': 'Resolved a report',
  'plan-groups': 'Planned the groups',
  'set-coordinators': 'Chose the coordinators',
  'raise-alert': 'A guest alerted the coordinator',
  'cancel-alert': 'A guest cancelled their alert',
  'answer-alert': 'Answered a guest’s alert',
  'report-alert': 'Turned a guest’s alert into a report',
  'escalate-alert': 'An unanswered alert went to the admins',
  'move-guest': 'Moved a guest to another group',
  'lock-group': 'Locked or unlocked a group',
  'publish-groups': 'Published the groups',
}

const METHOD_LABELS: Record<string, string> = { qr: 'by pass', code: 'by code', name: 'by name' }

function changeText(entry: AuditEntry): string {
  const change = entry.change ?? {}
  if (entry.action === 'set-capacity') return `${change.from} → ${change.to}`
  if (entry.action === 'share-venue' || entry.action === 'change-venue') return `${change.venueName}, ${change.address}`
  if (entry.action === 'cancel-date') return String(change.reason ?? '')
  if (entry.action === 'cancel-seat') return `₹${change.refund} refunded: ${change.reason}`
  if (entry.action === 'moderate')
    return `${change.level}${change.until ? ` until ${change.until}` : ''}: ${change.reason}`
  if (entry.action === 'check-in' || entry.action === 'undo-check-in') {
    const how = METHOD_LABELS[String(change.method)] ?? ''
    const refused = change.refused ? ` (not paid: ${change.refused})` : ''
    return `${change.order} at ${change.door} ${how}${refused}`.trim()
  }
  if (entry.action === 'mark-attendance') return `${change.order}: ${change.came ? 'came' : 'not come'}`
  if (entry.action === 'resolve-report') return `${change.action}: ${change.reason}`
  if (entry.action === 'remove-admission') return `${change.order}: ${change.reason}`
  if (entry.action === 'message-guests') return `“${change.subject}” to ${change.guests} guests`
  if (entry.action === 'save-event' || entry.action === 'save-city' || entry.action === 'archive-event')
    return Object.keys(change).join(', ')
  if ('guests' in change) return `${change.guests} guests`
  return ''
}

/** An entry: a line under the one before, a long reason wrapping anywhere. */
const ENTRY = css({ borderBottomWidth: '1px', borderColor: 'border.default', py: '2', overflowWrap: 'anywhere' })

export function HostAuditPage({ entries }: { entries: Promise<Answer<AuditEntry[]> | undefined> }) {
  const catalogue = useCatalogue()
  const { answer } = useAnswer(entries)
  const state = { entries: answer?.value, error: answer?.error }
  return (
    <div className={flow({ gap: '3' })}>
      <BackToConsole />
      <h1 className={heading({ level: 'page' })}>Audit log</h1>
      {state.error ? (
        <p role="alert">{state.error}</p>
      ) : !state.entries ? (
        <StatusNote>Loading the audit log…</StatusNote>
      ) : state.entries.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <ol aria-label="Audit entries" className={grid({ gap: '2' })}>
          {state.entries.map((entry) => (
            <li key={entry.id} className={ENTRY}>
              <p className={text({ weight: 'semibold' })}>
                {ACTION_LABELS[entry.action] ?? entry.action}
                {entry.eventDate
                  ? `: ${entry.eventDate} · ${catalogue.eventById(entry.eventId)?.title ?? entry.eventId}`
                  : entry.eventId
                    ? `: ${catalogue.eventById(entry.eventId)?.title ?? entry.eventId}`
                    : ''}
              </p>
              <p className={text({ size: 'sm', tone: 'muted' })}>
                {entry.actor}, {formatIstDateTime(new Date(entry.at))}
                {changeText(entry) ? ` · ${changeText(entry)}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
