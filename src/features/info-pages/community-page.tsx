import { mailto, SITE } from '@yaari/domain/site'
import { grid, wrap } from 'styled-system/patterns'
import { bullets, button } from 'styled-system/recipes'
import { Bullets } from '../../ui/bullets'
import { InfoPage, InfoSection, Panels, Titled } from './info-page'

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
        <Panels items={VALUES} />
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
          <Titled title="Before the event">
            <p>Arrive on time, and let us know early if you cannot make it.</p>
          </Titled>
          <Titled title="During the event">
            <p>Include everyone in the conversation and follow the coordinator's lead.</p>
          </Titled>
          <Titled title="After the event">
            <p>Stay in touch only with people who want to, and share feedback with us.</p>
          </Titled>
          <Titled title="In digital spaces">
            <p>WhatsApp groups are only for event coordination.</p>
          </Titled>
        </div>
      </InfoSection>
      <InfoSection title="Enforcement">
        <ol className={bullets({ marker: 'numbered' })}>
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
