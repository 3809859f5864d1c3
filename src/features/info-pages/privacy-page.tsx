import { ACCOUNT_DATA_MESSAGES, DATA_RETENTION } from '@yaari/domain/account'
import { mailto, SITE } from '@yaari/domain/site'
import { Bullets } from '../../ui/bullets'
import { RefundPolicyList } from '../../ui/refund-policy'
import { InfoPage, InfoSection } from './info-page'

/** Privacy Policy & Terms, including the refund terms. */
export function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy & Terms"
      subtitle="What we collect, why we collect it, and the terms of booking with us."
      description={`How ${SITE.productName} handles your personal data, and its booking and refund terms.`}
    >
      <InfoSection title="What we collect">
        <Bullets
          items={[
            'Account details: your name, email address and password (stored securely by our authentication provider).',
            'Profile details you give us: mobile number, date of birth, photo, profession, gender, interests and area, and the answers you choose to give when booking or on your profile (food and drink preferences, personality type, relationship status), each optional.',
            'Booking details: the events and dates you book and the status of your payments. Card and UPI details are handled by our payment partner and never reach us.',
          ]}
        />
      </InfoSection>
      <InfoSection title="How we use it">
        <Bullets
          items={[
            'To run your account and confirm your bookings.',
            'To put together balanced, friendly groups for each event.',
            'To keep events safe: we verify participants through registration.',
            'To send confirmations, venue details and reminders.',
          ]}
        />
      </InfoSection>
      <InfoSection title="How seating works" id="seating">
        <p>
          At each event you sit in a small group (four to eight people, as the event says). Your host seats the paid
          guests of a date, starting from a plan made by these rules:
        </p>
        <Bullets
          items={[
            'The plan never puts two people in one group when one blocked the other or a report between them is open. A block made after the plan is flagged to your host, and neither is named to the other on their ticket.',
            'It seats anyone with a food need the venue is told about (vegetarian, vegan, Jain) with another guest who shares it wherever the date allows, and your host is warned of any table where it could not.',
            'It mixes personality types, balances the prices paid and keeps ages close, as far as the date’s guests allow.',
            'Shared interests bring people together; people who came to an earlier evening together sit apart where it can, unless both chose to meet again.',
            'You can stop us using your interests and personality type on your profile page; your food preference (when you give it) and age are always used. An answer you never gave is never assumed.',
          ]}
        />
        <p>
          Your group is revealed on your ticket before the event (the ticket says when): the others’ first names and the
          interests you share. Other guests never see your date of birth, age, relationship status, personality type or
          food and drink preferences, nor which group anyone else is in. Nobody sees your date of birth or relationship
          status; your hosts see your age and food preference to run the evening.
        </p>
      </InfoSection>
      <InfoSection title="What we never do">
        <p>
          We do not sell your data. Other guests never see your phone number or email unless you choose to share them.
        </p>
      </InfoSection>
      <InfoSection title="What we keep, and for how long">
        <Bullets items={Object.values(DATA_RETENTION)} />
      </InfoSection>
      <InfoSection title="Your choices">
        <Bullets
          items={[
            'You can see and correct your profile at any time on your profile page.',
            ACCOUNT_DATA_MESSAGES.downloadHow,
            ACCOUNT_DATA_MESSAGES.deleteHow,
          ]}
        />
        <p>
          For anything else about your data, write to <a href={mailto(SITE.email, 'My data')}>{SITE.email}</a>.
        </p>
      </InfoSection>
      <InfoSection title="Booking terms">
        <Bullets
          items={[
            'Participants must be 18 or over.',
            'Bookings are confirmed only after successful payment.',
            'Prices are in INR and include applicable taxes unless stated otherwise.',
          ]}
        />
      </InfoSection>
      <InfoSection title="Refunds">
        <RefundPolicyList />
      </InfoSection>
    </InfoPage>
  )
}
