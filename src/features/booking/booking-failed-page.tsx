import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { container } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { usePageMeta } from '../../lib/page-meta'

const CAUSES = [
  'The payment was cancelled or the checkout page was closed.',
  'Your bank or UPI app declined the payment.',
  'The connection dropped while the payment was being processed.',
  'The session expired before the payment finished.',
] as const

/** Booking failed (spec, section 2): possible causes, Get Help and Try Again. */
export function BookingFailedPage() {
  usePageMeta({
    title: 'Payment failed',
    description: 'Your payment did not go through. No seat was booked; you can try again.',
  })
  return (
    <section className={container({ maxW: '2xl', py: { base: '12', md: '20' } })}>
      <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold' })}>
        Payment failed. Don't worry, we'll help you!
      </h1>
      <p className={css({ mt: '3', fontSize: 'lg' })}>
        Your seat was not booked. If any money left your account, it is returned automatically.
      </p>
      <h2 className={css({ fontSize: 'xl', fontWeight: 'bold', mt: '8' })}>What might have happened</h2>
      <ul className={css({ listStyle: 'disc', pl: '5', mt: '2', display: 'grid', gap: '1' })}>
        {CAUSES.map((cause) => (
          <li key={cause}>{cause}</li>
        ))}
      </ul>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '8' })}>
        <Link to="/events" className={button({ size: 'lg' })}>
          Try Again
        </Link>
        <Link to="/contact" className={button({ size: 'lg', variant: 'outline' })}>
          Get Help
        </Link>
      </div>
    </section>
  )
}
