import { mailto, SITE } from '@yaari/domain/site'
import { css } from 'styled-system/css'
import { button, link } from 'styled-system/recipes'
import { InfoPage, InfoSection } from './info-page'

const CHANNELS = [
  { label: 'Email us', detail: SITE.email, href: mailto(SITE.email, 'Hello Yaari') },
  { label: 'Chat on WhatsApp', detail: SITE.phone, href: SITE.whatsappHref, external: true },
  { label: 'Call us', detail: SITE.phone, href: SITE.phoneHref },
  { label: 'Follow on Instagram', detail: SITE.instagramHandle, href: SITE.instagramHref, external: true },
] as const

/** Contact: email, WhatsApp, phone and Instagram, with support hours. */
export function ContactPage() {
  return (
    <InfoPage
      title="Contact Us"
      subtitle="Questions about an event, a booking or your profile? We are happy to help."
      description={`Reach Yaari by email, WhatsApp, phone or Instagram, ${SITE.supportHours}.`}
    >
      <InfoSection title="Get in touch">
        <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}>
          {CHANNELS.map((channel) => (
            <li key={channel.label}>
              <a
                href={channel.href}
                {...('external' in channel ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className={
                  button({ variant: 'outline', size: 'lg' }) +
                  ' ' +
                  css({ w: 'full', h: 'auto', py: '4', flexDirection: 'column', alignItems: 'flex-start', gap: '0' })
                }
              >
                <span>{channel.label}</span>
                <span className={css({ fontWeight: 'normal', color: 'fg.muted', fontSize: 'md' })}>
                  {channel.detail}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection title="When we are available">
        <p>{SITE.supportHours}.</p>
        <p>
          At an event, your coordinator is your first contact. For emergencies, see our{' '}
          <a href="/safety" className={link()}>
            Safety Center
          </a>
          .
        </p>
      </InfoSection>
    </InfoPage>
  )
}
