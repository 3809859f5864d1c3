import { mailto, SITE } from '@yaari/domain/site'
import { button } from 'styled-system/recipes'
import { InfoPage, InfoSection, Stats } from './info-page'

/** Press & Media. */
export function PressPage() {
  return (
    <InfoPage
      title="Press & Media"
      subtitle={`Writing about friendship, cities or community? We would love to tell you about ${SITE.productName}.`}
      description={`Press information and media contact for ${SITE.productName}.`}
    >
      <InfoSection title="In numbers">
        <Stats shown={['publications', 'events', 'participants', 'venues']} />
      </InfoSection>
      <InfoSection title="Media enquiries">
        <p>For interviews, images and facts about {SITE.productName}, write to our press team.</p>
        <a href={mailto(SITE.pressEmail, 'Press enquiry')} className={button()}>
          Email {SITE.pressEmail}
        </a>
      </InfoSection>
    </InfoPage>
  )
}
