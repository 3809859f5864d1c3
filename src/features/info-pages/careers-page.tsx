import { mailto, SITE } from '@yaari/domain/site'
import { cx } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { button, card, heading, text } from 'styled-system/recipes'
import { InfoPage, InfoSection } from './info-page'

const ROLES = [
  {
    title: 'Community Coordinator',
    place: 'Bangalore, evenings and weekends',
    text: 'Host our events and make every guest feel at home.',
  },
  {
    title: 'Venue Partnerships Lead',
    place: 'Bangalore',
    text: 'Find and vet the cafes, restaurants and spaces we meet in.',
  },
  {
    title: 'Full-stack Engineer',
    place: 'Bangalore or remote in India',
    text: 'Build the app our members use before, during and after events.',
  },
] as const

/** Join Our Team. */
export function CareersPage() {
  const panel = card({ variant: 'outline' })
  return (
    <InfoPage
      title="Join Our Team"
      subtitle={`Help people in India make new friends. ${SITE.productName} is a small team that cares about community.`}
      description={`Open roles at ${SITE.productName}: community, partnerships and engineering in Bangalore.`}
    >
      <InfoSection title="Open roles">
        <ul className={grid({ gap: '4' })}>
          {ROLES.map((role) => (
            <li key={role.title} className={cx(panel.root, panel.body)}>
              <h3 className={heading({ level: 'card' })}>{role.title}</h3>
              <p className={text({ tone: 'muted' })}>{role.place}</p>
              <p>{role.text}</p>
            </li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection title="How to apply">
        <p>Send us a few lines about yourself and why you would like to join.</p>
        <a href={mailto(SITE.careersEmail, 'Joining the Yaari team')} className={button()}>
          Email {SITE.careersEmail}
        </a>
      </InfoSection>
    </InfoPage>
  )
}
