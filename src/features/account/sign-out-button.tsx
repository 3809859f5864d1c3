/**
 * Sign Out, wherever a signed-in member looks for it (the menu, the profile, /auth). A host with
 * check-ins this phone has not synced is told first. Firebase loads only when it is pressed: the
 * menu is on every page, the public ones included.
 */
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { Button, type ButtonProps } from '../../ui/button'

/** Only a host at the door ever sees it: its dialog loads then. */
const UnsyncedCheckInsDialog = lazy(() =>
  import('./unsynced-check-ins-dialog').then((module) => ({ default: module.UnsyncedCheckInsDialog })),
)

export function SignOutButton({
  size,
  variant = 'outline',
  onSignedOut,
}: Pick<ButtonProps, 'size' | 'variant'> & {
  /** After the member is signed out and on the home page (the menu closes itself). */
  onSignedOut?: () => void
}) {
  const navigate = useNavigate()
  const [unsynced, setUnsynced] = useState<{ count: number; date?: string }>()
  const signOut = async () => {
    const { signOutAndForget } = await import('../../lib/session/sign-out')
    await signOutAndForget()
    await navigate({ to: '/' })
    onSignedOut?.()
  }
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={async () => {
          // A host at the door: check-ins this phone has not synced are said before they sign out.
          const { localDb, unsyncedCheckIns } = await import('../../lib/db')
          const waiting = await unsyncedCheckIns(localDb()).catch(() => ({ count: 0 }))
          if (waiting.count > 0) return setUnsynced(waiting)
          await signOut()
        }}
      >
        Sign Out
      </Button>
      {unsynced ? (
        <Suspense fallback={null}>
          <UnsyncedCheckInsDialog
            waiting={unsynced}
            onClose={() => setUnsynced(undefined)}
            onSignOut={() => void signOut()}
          />
        </Suspense>
      ) : null}
    </>
  )
}
