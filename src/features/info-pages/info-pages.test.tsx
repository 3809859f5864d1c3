// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderRoute } from '../../test-utils/app-page'

afterEach(cleanup)

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href')

describe('information pages', () => {
  it('contact offers email, WhatsApp, phone and Instagram', async () => {
    await renderRoute('/contact')
    expect(hrefOf(/Email us/)).toMatch(/^mailto:/)
    expect(hrefOf(/WhatsApp/)).toMatch(/^https:\/\/wa\.me\//)
    expect(hrefOf(/Call us/)).toMatch(/^tel:\+91/)
    expect(hrefOf(/Instagram/)).toMatch(/instagram\.com/)
  })

  it('terms has 11 numbered sections, the governing law and the legal contact', async () => {
    await renderRoute('/terms')
    expect(screen.getAllByRole('heading', { level: 2, name: /^\d+\. / })).toHaveLength(11)
    expect(screen.getByText(/courts of Bengaluru, Karnataka, India/)).toBeTruthy()
    expect(hrefOf('Contact Legal Team')).toMatch(/^mailto:/)
  })

  it('safety has the emergency procedures and reporting links', async () => {
    await renderRoute('/safety')
    for (const card of ['Medical Emergency', 'Safety Concern', 'Lost or Separated']) {
      expect(screen.getByRole('heading', { level: 3, name: card })).toBeTruthy()
    }
    expect(screen.getAllByText(/Call 108/)[0]).toBeTruthy()
    expect(hrefOf('Report via Email')).toMatch(/^mailto:/)
    expect(hrefOf('Emergency WhatsApp')).toMatch(/wa\.me/)
  })

  it('booking failed offers help and another try', async () => {
    await renderRoute('/booking-failed')
    expect(hrefOf('Get Help')).toBe('/contact')
    expect(hrefOf('Try Again')).toBe('/events')
  })
})
