/**
 * Said before a host signs out with check-ins this phone has not synced: they are kept and sent by
 * the next host who signs in here, but a host at the door can sync them first.
 */
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'

export function UnsyncedCheckInsDialog({
  waiting,
  onClose,
  onSignOut,
}: {
  /** How many, and the date ("<eventId>_<date>") of the oldest. */
  waiting: { count: number; date?: string }
  onClose: () => void
  onSignOut: () => void
}) {
  const one = waiting.count === 1
  const [, eventId, date] = waiting.date?.match(/^(.+)_(\d{4}-\d{2}-\d{2})$/) ?? []
  const door = eventId && date ? { eventId, date } : undefined
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Check-ins not yet synced"
      description={`${waiting.count} ${one ? 'check-in' : 'check-ins'} made at the door on this phone ${one ? 'has' : 'have'} not reached Yaari yet.`}
    >
      <p className={css({ mt: '2' })}>
        Open the door with a connection to sync them first. If you sign out now, they stay on this phone and are sent
        the next time a host signs in here.
      </p>
      <div className={grid({ gap: '3', mt: '4' })}>
        {door ? (
          <Link to="/host/$eventId/$date/door" params={door} className={button({ size: 'lg' })}>
            Sync them first
          </Link>
        ) : null}
        <Button size="lg" variant="outline" onClick={onSignOut}>
          Sign out anyway
        </Button>
      </div>
    </Dialog>
  )
}
