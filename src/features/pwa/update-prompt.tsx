import { useRegisterSW } from 'virtual:pwa-register/react'
import { css } from 'styled-system/css'
import { logError } from '../../lib/log'
import { Button } from '../../ui/button'
import { checkForUpdates } from './update-checks'

/**
 * Registers the service worker and, when a new version has been deployed and is waiting,
 * asks before switching (registerType 'prompt'), so nobody loses what they are typing. An app
 * left open looks for a new deploy every hour and when it regains focus (update-checks.ts).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error) => logError('service-worker-registration', error),
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdates(registration)
    },
  })

  if (!needRefresh) return null
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-title"
      className={css({
        position: 'fixed',
        insetX: '4',
        bottom: '4',
        mx: 'auto',
        maxW: 'md',
        zIndex: 'toast',
        bg: 'bg.inverse',
        color: 'fg.inverse',
        borderRadius: 'l2',
        boxShadow: 'overlay',
        p: '4',
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        flexWrap: 'wrap',
      })}
    >
      <p id="update-title" className={css({ flex: '1', minW: '40' })}>
        A new version of Yaari is available.
      </p>
      <Button size="sm" variant="inverse" onClick={() => updateServiceWorker(true)}>
        Update now
      </Button>
      <Button size="sm" variant="ghost" className={css({ color: 'inherit' })} onClick={() => setNeedRefresh(false)}>
        Later
      </Button>
    </div>
  )
}
