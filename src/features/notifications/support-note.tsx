import { NOTIFY_COPY } from '@yaari/domain/notify-copy'
import { text } from 'styled-system/recipes'
import type { PushSupport } from '../../lib/push-device'

/** Why this device cannot turn notifications on (yet): what the ask and the profile say instead. */
export function SupportNote({ support }: { support: Exclude<PushSupport, 'ready'> }) {
  if (support === 'install-first') {
    return (
      <>
        <p className={text({ weight: 'semibold' })}>{NOTIFY_COPY.installFirst}</p>
        <p className={text({ tone: 'muted', size: 'sm' })}>{NOTIFY_COPY.installHow}</p>
      </>
    )
  }
  return <p>{support === 'blocked' ? NOTIFY_COPY.blocked : NOTIFY_COPY.unsupported}</p>
}
