import { NOTIFICATION_COPY } from '@yaari/domain/notification-copy'
import { text } from 'styled-system/recipes'
import type { PushSupport } from '../../lib/push-device'

/** Why this device cannot turn notifications on (yet): what the ask and the profile say instead. */
export function SupportNote({ support }: { support: Exclude<PushSupport, 'ready'> }) {
  if (support === 'install-first') {
    return (
      <>
        <p className={text({ weight: 'semibold' })}>{NOTIFICATION_COPY.installFirst}</p>
        <p className={text({ tone: 'muted', size: 'sm' })}>{NOTIFICATION_COPY.installHow}</p>
      </>
    )
  }
  return <p>{support === 'blocked' ? NOTIFICATION_COPY.blocked : NOTIFICATION_COPY.unsupported}</p>
}
