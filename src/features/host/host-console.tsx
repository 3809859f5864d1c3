import { Link } from '@tanstack/react-router'
import { isEventId } from '@yaari/domain/catalogue'
import { lazy, Suspense } from 'react'
import { container } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { PageMessage } from '../../ui/page-message'
import { HostAuditPage } from './audit-page'
import { HostDatePage } from './host-date-page'
import { HostDatesPage } from './host-pages'

/** Door mode is a chunk of its own (with its scanner), loaded only when a door opens. */
const DoorPage = lazy(() => import('./door/door-page').then((module) => ({ default: module.DoorPage })))

/** Which console page a path under /host is: the dates, the audit log, or one date. */
export function HostConsole({ path }: { path: string }) {
  const [first, second, ...rest] = path.split('/').filter(Boolean)
  if (first === undefined) return <HostDatesPage />
  if (first === 'audit' && second === undefined) return <HostAuditPage />
  // A date page names one of our events (the one a console link made): anything else is no page.
  if (first !== undefined && isEventId(first) && second !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(second)) {
    if (rest.length === 0) return <HostDatePage eventId={first} date={second} />
    if (rest.length === 1 && rest[0] === 'door') {
      return (
        <Suspense fallback={null}>
          <DoorPage eventId={first} date={second} />
        </Suspense>
      )
    }
  }
  return (
    <div className={container({ maxW: '5xl', py: '10', px: '4' })}>
      <PageMessage
        title="Page not found"
        actions={
          <Link to="/host/$" params={{ _splat: '' }} className={button({ size: 'lg' })}>
            Host console
          </Link>
        }
      >
        <p>There is no such page in the host console.</p>
      </PageMessage>
    </div>
  )
}
