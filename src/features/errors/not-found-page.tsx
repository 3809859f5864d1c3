import { Link, useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { button, heading } from 'styled-system/recipes'
import { logWarning } from '../../lib/log'
import { usePageMeta } from '../../lib/page-meta'
import { Button } from '../../ui/button'

/** Any path the app does not know ('Page Not Found', Return to Home, Go Back; logged). */
export function NotFoundPage() {
  const router = useRouter()
  const pathname = useRouterState({ select: (state) => state.location.href })
  usePageMeta({ title: 'Page Not Found', description: 'This page does not exist on Yaari.' })

  useEffect(() => {
    logWarning('route-not-found', { path: pathname })
  }, [pathname])

  return (
    <section className={css({ maxW: 'xl', mx: 'auto', px: '4', py: '24', textAlign: 'center' })}>
      <p className={css({ fontSize: '6xl', fontWeight: 'extrabold', color: 'accent.text' })} aria-hidden="true">
        404
      </p>
      <h1 className={heading({ level: 'page' })}>Page Not Found</h1>
      <p className={css({ color: 'fg.muted', mt: '2' })}>The page you are looking for does not exist or has moved.</p>
      <div className={wrap({ gap: '3', justifyContent: 'center', mt: '8' })}>
        <Link to="/" className={button()}>
          Return to Home
        </Link>
        <Button variant="outline" onClick={() => router.history.back()}>
          Go Back
        </Button>
      </div>
    </section>
  )
}
