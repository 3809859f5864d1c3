import { mailto, SITE } from '@yaari/domain/site'
import { css } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { button, heading } from 'styled-system/recipes'
import { Bullets, InfoPage, InfoSection } from './info-page'

const VALUES = [
  { title: 'Respect', text: 'Treat every guest, host and venue with courtesy.' },
  { title: 'Inclusion', text: 'Everyone is welcome, whoever they are and wherever they come from.' },
  { title: 'Authenticity', text: 'Be yourself: real connections start with honesty.' },
] as const

const ENFORCEMENT = [
  { title: 'First Warning', text: 'A private conversation about what happened and what we expect.' },
  { title: 'Temporary Suspension', text: 'A break from booking events while we review repeated issues.' },
  { title: 'Permanent Ban', text: 'For serious or repeated violations.' },
] as const

/** Community Guidelines. */
export function CommunityPage() {
  return (
    <InfoPage
      title="Community Guidelines"
      subtitle="The standards that make every event welcoming, for everyone."
      description={`${SITE.productName}'s community values, etiquette and how we enforce them.`}
    >
      <InfoSection title="Our values">
        <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4' })}>
          {VALUES.map((value) => (
            <li key={value.title} className={css({ p: '5', bg: 'bg.muted', borderRadius: 'l3' })}>
              <h3 className={heading({ level: 'card' })}>{value.title}</h3>
              <p className={css({ mt: '1' })}>{value.text}</p>
            </li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection title="What we encourage">
        <Bullets
          items={[
            'Open communication',
            'Helping others',
            'Constructive feedback',
            'Cultural exchange',
            'Taking part in events',
          ]}
        />
      </InfoSection>
      <InfoSection title="What is not allowed">
        <Bullets
          items={['Harassment', 'Discrimination', 'Inappropriate content', 'Spam or promotion', 'Privacy violations']}
        />
      </InfoSection>
      <InfoSection title="Event etiquette">
        <div className={grid({ gap: '4' })}>
          <div>
            <h3 className={css({ fontWeight: 'bold' })}>Before the event</h3>
            <p>Arrive on time, and let us know early if you cannot make it.</p>
          </div>
          <div>
            <h3 className={css({ fontWeight: 'bold' })}>During the event</h3>
            <p>Include everyone in the conversation and follow the coordinator's lead.</p>
          </div>
          <div>
            <h3 className={css({ fontWeight: 'bold' })}>After the event</h3>
            <p>Stay in touch only with people who want to, and share feedback with us.</p>
          </div>
          <div>
            <h3 className={css({ fontWeight: 'bold' })}>In digital spaces</h3>
            <p>WhatsApp groups are only for event coordination.</p>
          </div>
        </div>
      </InfoSection>
      <InfoSection title="Enforcement">
        <ol className={css({ display: 'grid', gap: '3', listStyle: 'decimal', pl: '5' })}>
          {ENFORCEMENT.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>: {step.text}
            </li>
          ))}
        </ol>
      </InfoSection>
      <InfoSection title="Talk to us">
        <div className={wrap({ gap: '3' })}>
          <a href={mailto(SITE.communityEmail, 'Community')} className={button()}>
            Contact Community Team
          </a>
          <a
            href={SITE.whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
            className={button({ variant: 'outline' })}
          >
            Report via WhatsApp
          </a>
        </div>
      </InfoSection>
    </InfoPage>
  )
}
