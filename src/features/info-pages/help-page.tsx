import { VENUE_SHARED_HOURS_BEFORE } from '@yaari/domain/refund-policy'
import { SITE } from '@yaari/domain/site'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { RefundPolicyList } from '../../ui/refund-policy'
import { InfoPage, InfoSection } from './info-page'

const FAQ = [
  {
    q: 'Who can join?',
    a: `Adults aged 18 to 60. Create an account, complete your profile and you can book any event.`,
  },
  {
    q: 'How do I book a seat?',
    a: 'Open an event, choose your ticket and a date, fill in your details and pay securely through our payment partner. Your booking is confirmed only after the payment succeeds.',
  },
  {
    q: 'When do I get my confirmation?',
    a: 'A confirmation email reaches you within 5 minutes of a successful payment.',
  },
  {
    q: 'Where exactly is the event?',
    a: `Each event page shows the area. The exact venue is shared with booked guests ${VENUE_SHARED_HOURS_BEFORE} hours before the event.`,
  },
  {
    q: 'What if I come alone?',
    a: 'Most of our guests do. Groups are small and a coordinator introduces everyone.',
  },
  {
    q: 'How do I pay?',
    a: 'Cards, UPI and the other methods shown at checkout. Prices are in INR and include applicable taxes.',
  },
] as const

/** Help Center: frequently asked questions, with the refund policy from its one module. */
export function HelpPage() {
  return (
    <InfoPage
      title="Help Center"
      subtitle="Answers to the questions we hear most."
      description={`Booking, payment, venues and refunds at ${SITE.productName}: frequently asked questions.`}
    >
      <InfoSection title="Frequently asked questions">
        <div className={grid({ gap: '2' })}>
          {FAQ.map((item) => (
            <details
              key={item.q}
              className={css({
                borderWidth: '1px',
                borderColor: 'border.default',
                borderRadius: 'l2',
                px: '4',
                py: '3',
              })}
            >
              <summary className={css({ fontWeight: 'semibold', cursor: 'pointer' })}>{item.q}</summary>
              <p className={css({ mt: '2', color: 'fg.muted' })}>{item.a}</p>
            </details>
          ))}
        </div>
      </InfoSection>
      <InfoSection title="Cancellations and refunds">
        <RefundPolicyList />
      </InfoSection>
      <InfoSection title="Still need help?">
        <p>
          Write to <a href={`mailto:${SITE.email}`}>{SITE.email}</a> or message us on WhatsApp at {SITE.phone},{' '}
          {SITE.supportHours}.
        </p>
      </InfoSection>
    </InfoPage>
  )
}
