import { PHONE_HOLD_DAYS } from '@yaari/domain/phone'
import { mailto, SITE } from '@yaari/domain/site'
import { grid, wrap } from 'styled-system/patterns'
import { bullets, button, link } from 'styled-system/recipes'
import { Bullets } from '../../ui/bullets'
import { InfoPage, InfoSection, Panels, Titled } from './info-page'

const EMERGENCY_CARDS = [
  {
    title: 'Medical Emergency',
    text: `Call 108 and notify the event coordinator immediately. Our 24/7 emergency contact: ${SITE.phone}.`,
  },
  { title: 'Safety Concern', text: 'Tell the event coordinator right away, or message our emergency WhatsApp line.' },
  { title: 'Lost or Separated', text: 'Contact the event coordinator or post in the event WhatsApp group.' },
] as const

/** Safety Center: also opened offline at events, so it stays plain. */
export function SafetyPage() {
  return (
    <InfoPage
      title="Safety Center"
      subtitle="Your safety is our top priority in every experience we create"
      description={`How ${SITE.productName} keeps events safe, and what to do in an emergency: call 108, tell your coordinator, or reach us 24/7.`}
    >
      <InfoSection title="Before You Join">
        <ul className={bullets()}>
          <li>
            Every participant is verified through registration:{' '}
            <a href="#verification" className={link()}>
              how verification works
            </a>
            .
          </li>
        </ul>
        <Bullets
          items={[
            'Group sizes are limited, so everyone is known to the coordinator.',
            'Every venue is personally vetted by our team.',
            'Clear guidelines are shared with every guest before the event.',
          ]}
        />
      </InfoSection>
      <InfoSection title="During Events">
        <Bullets
          items={[
            'A trained coordinator is always present.',
            `A 24/7 emergency contact number: ${SITE.phone}.`,
            'First aid and emergency procedures are in place at every event.',
            'We recommend safe transport options for getting home.',
          ]}
        />
      </InfoSection>
      <InfoSection title="Community Guidelines">
        <div className={grid({ columns: { base: 1, md: 2 }, gap: '6' })}>
          <Titled title="We encourage">
            <Bullets
              items={[
                'Respect for every guest',
                'Open, friendly conversation',
                'Looking out for one another',
                'Drinking responsibly, or not at all',
              ]}
            />
          </Titled>
          <Titled title="Zero tolerance for">
            <Bullets
              items={[
                'Harassment',
                'Discrimination',
                'Excessive alcohol',
                'Disrupting events',
                'Sharing personal information without consent',
                'Aggressive behaviour',
              ]}
            />
          </Titled>
        </div>
      </InfoSection>
      <InfoSection title="Emergency Procedures">
        <Panels items={EMERGENCY_CARDS} />
        <p>
          Holding a ticket for tonight? Open it in My bookings and tap <strong>Need help?</strong>: the emergency
          numbers are there with no signal, and one tap alerts your coordinator, who answers on your screen.
        </p>
        <p>
          <a href="tel:108" className={button({ size: 'lg' })}>
            Call 108
          </a>
        </p>
      </InfoSection>
      <InfoSection title="How verification works" id="verification">
        <Bullets
          items={[
            'Every member confirms their email, then their mobile number with a one-time code we send by SMS. Booking needs both.',
            'A mobile number belongs to one account at a time. A number barred under our Community guidelines cannot open a new account for two years.',
            `When an account is deleted, its number stays held for ${PHONE_HOLD_DAYS} days, then is forgotten.`,
            'Hosts see which guests have a verified number, on the guest list and at the door.',
          ]}
        />
      </InfoSection>
      <InfoSection title="Personal Safety Tips">
        <Bullets
          items={[
            'Tell a friend or family member where you are going.',
            'Arrange your ride home before the event ends.',
            'Keep your belongings with you.',
            'Share personal contact details only when you are comfortable.',
            'Trust your instincts: talk to the coordinator if anything feels wrong.',
          ]}
        />
      </InfoSection>
      <InfoSection title="Report a Safety Issue">
        <p>Anything that made you or someone else feel unsafe: tell us, and we act on every report.</p>
        <div className={wrap({ gap: '3' })}>
          <a href={SITE.emergencyWhatsappHref} target="_blank" rel="noopener noreferrer" className={button()}>
            Emergency WhatsApp
          </a>
          <a href={mailto(SITE.safetyEmail, 'Safety report')} className={button({ variant: 'outline' })}>
            Report via Email
          </a>
        </div>
      </InfoSection>
    </InfoPage>
  )
}
