import type { ErrorComponentProps } from '@tanstack/react-router'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { button, heading } from 'styled-system/recipes'
import { logError } from '../../lib/log'
import { Button } from '../../ui/button'

/** The router's error screen ('Unexpected Application Error!'). */
export function AppErrorPage({ error, reset }: ErrorComponentProps) {
  useEffect(() => logError('route-error', error), [error])
  return (
    <section role="alert" className={css({ maxW: 'xl', mx: 'auto', px: '4', py: '24', textAlign: 'center' })}>
      <h1 className={heading({ level: 'page' })}>Unexpected Application Error!</h1>
      <p className={css({ color: 'fg.muted', mt: '2' })}>
        Something went wrong on this page. Please try again or contact our friendly support team.
      </p>
      <div className={wrap({ gap: '3', justifyContent: 'center', mt: '8' })}>
        <Button onClick={reset}>Try again</Button>
        <Link to="/" className={button({ variant: 'outline' })}>
          Return to Home
        </Link>
      </div>
    </section>
  )
}
