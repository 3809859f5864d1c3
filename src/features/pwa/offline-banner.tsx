import { css } from 'styled-system/css'
import { useOnline } from '../../lib/use-online'

/** A plain notice while there is no connection: what still works and what waits. */
export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <p
      role="status"
      className={css({
        px: '4',
        py: '2',
        bg: 'fg.default',
        color: 'bg.canvas',
        fontSize: 'sm',
        textAlign: 'center',
      })}
    >
      You’re offline. Pages you’ve opened and your bookings still work; booking and signing in wait for a connection.
    </p>
  )
}
