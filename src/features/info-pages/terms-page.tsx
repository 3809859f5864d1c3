import { REFUND_POLICY } from '@yaari/domain/refund-policy'
import { mailto, SITE } from '@yaari/domain/site'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { InfoPage } from './info-page'

const product = SITE.productName

const SECTIONS: readonly { title: string; body: readonly string[] }[] = [
  {
    title: 'Service description',
    body: [
      `${product} organises small, curated social events (stranger meet-ups, social mixers and dinners) where adults can meet new people, and provides the app to browse and book them.`,
    ],
  },
  {
    title: 'User accounts',
    body: [
      'You must be 18 or over to create an account and take part in events.',
      'You are responsible for the accuracy of your profile and for keeping your password safe.',
    ],
  },
  {
    title: 'Bookings and payment',
    body: [
      'Bookings are confirmed only after successful payment.',
      'Prices are in INR and include applicable taxes unless stated otherwise. Full payment is due at booking unless otherwise specified.',
      'Payment methods include cards, UPI and the others shown at checkout.',
    ],
  },
  {
    title: 'Cancellation and refund',
    body: [
      ...REFUND_POLICY.tiers.map((tier) => `${tier.label}.`),
      REFUND_POLICY.cancelledByUs,
      REFUND_POLICY.processing,
    ],
  },
  {
    title: 'User conduct',
    body: [
      'You agree to follow our Community Guidelines. Harassment, discrimination, excessive alcohol, disrupting events and sharing others’ personal information without consent are not tolerated.',
    ],
  },
  {
    title: 'Privacy',
    body: ['Our Privacy Policy explains how we collect and use your personal data.'],
  },
  {
    title: 'Liability',
    body: [
      `${product}'s maximum liability for any claim is the amount you paid for the event concerned. You take part in events at your own risk and remain responsible for your own belongings and conduct.`,
    ],
  },
  {
    title: 'Intellectual property',
    body: [`The ${product} name, logo, app and content belong to ${product} and may not be used without permission.`],
  },
  {
    title: 'Termination',
    body: [
      'We may suspend or terminate accounts without notice for breach of these terms.',
      'You may close your account at any time by contacting us.',
    ],
  },
  {
    title: 'Changes to terms',
    body: ['We may update these terms. Continuing to use the service after a change means you accept the new terms.'],
  },
  {
    title: 'Governing law',
    body: [
      `These terms are governed by the laws of India. Disputes are subject to the jurisdiction of ${SITE.governingLaw}.`,
    ],
  },
]

/** Terms of Service: 'Last updated: January 2025', 11 numbered sections. */
export function TermsPage() {
  return (
    <InfoPage
      title="Terms of Service"
      subtitle="Last updated: January 2025"
      description={`The terms of using ${product} and booking its events, including cancellations and refunds.`}
    >
      <section>
        <h2 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '3' })}>Agreement</h2>
        <p>
          By creating an account or booking an event with {product}, you agree to these terms. Please read them
          carefully.
        </p>
      </section>
      <ol className={grid({ gap: '8' })}>
        {SECTIONS.map((section, index) => (
          <li key={section.title}>
            <h2 className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '2' })}>
              {index + 1}. {section.title}
            </h2>
            {section.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </li>
        ))}
      </ol>
      <section>
        <h2 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '3' })}>Questions</h2>
        <a href={mailto(SITE.legalEmail, 'Terms of Service')} className={button()}>
          Contact Legal Team
        </a>
      </section>
    </InfoPage>
  )
}
