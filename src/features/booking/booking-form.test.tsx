// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { saveProfileSchema, toProfileRecord, type UserProfileRecord } from '@yaari/domain/profile'
import { VALID_PROFILE } from '@yaari/domain/profile.fixture'
import { PROFESSION_LABELS, PROFESSIONS } from '@yaari/domain/profile-choices'
import * as v from 'valibot'
import { afterEach, expect, it, vi } from 'vitest'
import { useMobileStatus, useMyProfile } from '../../lib/member-data/hooks'
import type { MobileStatus } from '../../lib/member-data/records'
import { BookingForm } from './booking-form'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: unknown; to: string }) => <a href={to}>{children as string}</a>,
}))
vi.mock('../../lib/member-data/hooks', () => ({ useMyProfile: vi.fn(), useMobileStatus: vi.fn() }))

afterEach(cleanup)

/** A profile as saveProfile stores what onboarding sends: no food, drinking, personality or relationship status. */
const ONBOARDED: UserProfileRecord = toProfileRecord(
  'uid-1',
  'asha@example.test',
  v.parse(saveProfileSchema, { ...VALID_PROFILE, profession: 'student' }),
)

function renderWith(
  profile: UserProfileRecord,
  mobile: MobileStatus | undefined = { verifiedMobile: '9876543210', mobileCheckSkipped: false },
) {
  vi.mocked(useMobileStatus).mockReturnValue({
    status: 'signed-in',
    uid: profile.user_id,
    verified: true,
    snapshot: { uid: profile.user_id, data: mobile, refreshedAt: Date.now() },
    refresh: undefined,
  })
  vi.mocked(useMyProfile).mockReturnValue({
    status: 'signed-in',
    uid: profile.user_id,
    verified: true,
    snapshot: { uid: profile.user_id, data: profile, refreshedAt: Date.now() },
    refresh: undefined,
  })
  const event = SEED_CATALOGUE.events[0]!
  render(<BookingForm event={event} tier="girls" date="2026-12-05" onTierChange={() => undefined} />)
}

it('asks for the SMS code before the form while the profile’s mobile is not the verified one', () => {
  renderWith(ONBOARDED, { verifiedMobile: null, mobileCheckSkipped: false })
  expect(screen.getByRole('heading', { name: 'Verify your mobile number' })).toBeTruthy()
  expect(screen.getByText('98765 43210')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Pay and book' })).toBeNull()
  cleanup()
  // Another number verified than the profile's: asked too. An admin may book without.
  renderWith(ONBOARDED, { verifiedMobile: '9123456789', mobileCheckSkipped: false })
  expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy()
  cleanup()
  renderWith(ONBOARDED, { verifiedMobile: null, mobileCheckSkipped: true })
  expect(screen.getByRole('button', { name: 'Pay and book' })).toBeTruthy()
  cleanup()
  // Not heard from the server yet: the form, and the server decides.
  renderWith(ONBOARDED, undefined)
  expect(screen.getByRole('button', { name: 'Pay and book' })).toBeTruthy()
})

const answer = (name: string) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).value

it('presets no answer the member never gave: each starts at "Choose…"', () => {
  renderWith(ONBOARDED)
  for (const name of ['Food preference', 'Personality type', 'Drinking preference', 'Relationship status']) {
    expect(answer(name)).toBe('')
    const select = screen.getByRole('combobox', { name }) as HTMLSelectElement
    expect(select.selectedOptions[0]?.textContent).toBe('Choose…')
  }
  expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty('value', 'Asha Rao')
})

it("fills in the member's own answers", () => {
  renderWith({ ...ONBOARDED, food_preference: 'vegetarian', personality_type: 'introvert' })
  expect(answer('Food preference')).toBe('vegetarian')
  expect(answer('Personality type')).toBe('introvert')
  expect(answer('Relationship status')).toBe('')
})

it("asks the profession from the profile's one list, the member's own chosen (an earlier list's value read as its own)", () => {
  renderWith(ONBOARDED)
  expect(answer('Profession')).toBe('student')
  const labels = [...(screen.getByRole('combobox', { name: 'Profession' }) as HTMLSelectElement).options].map(
    (option) => option.textContent,
  )
  expect(labels).toEqual(['Choose…', ...PROFESSIONS.map((value) => PROFESSION_LABELS[value])])
  cleanup()
  renderWith({ ...ONBOARDED, profession: 'technology' })
  expect(answer('Profession')).toBe('tech')
})

/** The member's name changed to `value`, the terms ticked, and Pay and book pressed (focus on it first). */
async function payWithName(value: string) {
  renderWith(ONBOARDED)
  const name = screen.getByRole('textbox', { name: 'Full name' })
  fireEvent.change(name, { target: { value } })
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }))
  const pay = screen.getByRole('button', { name: 'Pay and book' })
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false))
  pay.focus()
  fireEvent.click(pay)
  return name
}

it('a refused Pay and book takes focus to the first field to put right', async () => {
  const name = await payWithName('')
  await waitFor(() => expect(document.activeElement).toBe(name))
  expect(name.getAttribute('aria-invalid')).toBe('true')
})

it('a name the form refuses is said once, under the field focus goes to, not again beside the button', async () => {
  const name = await payWithName('R2D2')
  await waitFor(() => expect(document.activeElement).toBe(name))
  const described = (name.getAttribute('aria-describedby') ?? '').split(' ')
  expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
    'Please enter a valid name (at least 2 characters, letters only)',
  ])
  expect(screen.queryAllByText('Please enter a valid name (at least 2 characters, letters only)')).toHaveLength(1)
  expect(screen.queryByRole('alert')).toBeNull()
})
