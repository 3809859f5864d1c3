import { SITE } from '@yaari/domain/site'
import { Bullets } from '../../ui/bullets'
import { InfoPage, InfoSection, Stats } from './info-page'

/** About Yaari. */
export function AboutPage() {
  return (
    <InfoPage
      title={`About ${SITE.productName}`}
      subtitle="A community for people in India who want to meet new people at group meetups, dinners and experiences."
      description={`${SITE.productName} brings adults aged 18 to 60 together at small curated events in Bangalore.`}
    >
      <InfoSection title="Why we exist">
        <p>
          Moving to a new city, changing jobs or simply growing apart from old friends can leave anyone wanting more
          people to share an evening with. {SITE.productName} makes meeting strangers easy, safe and fun: small groups,
          good venues and a host who makes the first hello effortless.
        </p>
      </InfoSection>
      <InfoSection title="What we have done so far">
        <Stats shown={['events', 'participants', 'venues', 'satisfaction']} />
      </InfoSection>
      <InfoSection title="What we believe">
        <Bullets
          items={[
            'Small groups make real conversations possible.',
            'Everyone deserves to feel safe and welcome.',
            'Good friendships start with a single evening.',
          ]}
        />
      </InfoSection>
    </InfoPage>
  )
}
