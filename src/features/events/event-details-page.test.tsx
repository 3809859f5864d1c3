// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { availableDates } from '@yaari/domain/schedule'
import { afterEach, expect, it, vi } from 'vitest'
import { renderRoute } from '../../test-utils/app-page'

vi.mock('../../lib/public-api', () => import('../../test-utils/network').then((network) => network.freeSeatsApi()))
vi.mock('../../lib/firebase', () => import('../../test-utils/network').then((network) => network.signedOutFirebase()))

// The dialogs' code, held back until the test lets it come (a phone's first tap waits for it): a
// stand-in that shows what it was handed and can be closed.
const code = vi.hoisted(() => {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  return { arrived, arrive }
})
vi.mock('../booking/booking-dialogs', async () => {
  await code.arrived
  return {
    default: ({ initialDate, onClose }: { initialDate?: string; onClose: () => void }) => (
      <div role="dialog" aria-label="The booking dialogs">
        <p>Handed the date {initialDate ?? 'none'}</p>
        <button type="button" onClick={onClose}>
          Close the dialogs
        </button>
      </div>
    ),
  }
})

afterEach(cleanup)

const EVENT = SEED_CATALOGUE.events.find((event) => event.id === 'first-hello-stranger-meetup')!

it("a tapped price shows the date sheet in the tap's own frame, before the dialogs' code; the dialogs take its place with the date chosen on it", async () => {
  await renderRoute(`/events/${EVENT.id}`)
  // Drawn ahead once the page is idle, and not shown (nor read out) until a price is tapped.
  await waitFor(() => expect(document.body.querySelector('[role="dialog"] fieldset[aria-busy="true"]')).not.toBeNull())
  expect(screen.queryByRole('dialog')).toBeNull()

  const price = screen.getByRole('button', { name: /Girls/ })
  price.focus()
  fireEvent.click(price)
  // No wait: the sheet is on screen with the click's own render.
  const sheet = screen.getByRole('dialog', { name: 'Select a date' })
  // Its seats are not known yet: said busy where they show.
  expect(within(sheet).getByRole('group', { name: 'Available dates' }).getAttribute('aria-busy')).toBe('true')
  const dates = availableDates(EVENT)
  const labels = within(sheet)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent)
  expect(labels).toHaveLength(dates.length)
  expect(labels[0]).toContain(`Up to ${EVENT.capacity} guests`)
  expect((within(sheet).getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true)

  // It takes focus as a dialog does: its heading, read out with it.
  await waitFor(() =>
    expect(document.activeElement).toBe(within(sheet).getByRole('heading', { name: 'Select a date' })),
  )

  // Focus stays in it: leaving it past ✕ comes back to the heading, and before it back to ✕.
  const [before, , after] = [...sheet.parentElement!.children] as HTMLElement[]
  after!.focus()
  expect(document.activeElement).toBe(within(sheet).getByRole('heading', { name: 'Select a date' }))
  before!.focus()
  expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Close' }))
  // Waiting on for the dialog's code, Continue says why.
  await waitFor(() => expect(within(sheet).getByRole('status').textContent).toBe('Loading…'), { timeout: 4000 })

  // A date chosen before the dialogs have come is the one they start with.
  fireEvent.click(within(sheet).getAllByRole('radio')[1]!)
  await act(async () => code.arrive())
  expect((await screen.findByRole('dialog', { name: 'The booking dialogs' })).textContent).toContain(
    `Handed the date ${dates[1]}`,
  )
  // The sheet drawn ahead is gone from view as the dialogs show: one dialog on screen.
  expect(screen.getAllByRole('dialog')).toHaveLength(1)

  // Closed, focus is back on the price (the dialogs took it from the sheet, which cannot give it back).
  fireEvent.click(screen.getByRole('button', { name: 'Close the dialogs' }))
  await waitFor(() => expect(document.activeElement).toBe(price))
  expect(screen.queryByRole('dialog')).toBeNull()

  // The next opening starts unchosen.
  fireEvent.click(price)
  const again = screen.getByRole('dialog', { name: 'Select a date' })
  expect(within(again).queryByRole('radio', { checked: true })).toBeNull()
  expect((await screen.findByRole('dialog', { name: 'The booking dialogs' })).textContent).toContain(
    'Handed the date none',
  )
})

it('the sheet drawn ahead closes with its ✕, with Escape and with a tap beside it', async () => {
  await renderRoute(`/events/${EVENT.id}`)
  await waitFor(() => expect(document.body.querySelector('[role="dialog"] fieldset[aria-busy="true"]')).not.toBeNull())
  const price = screen.getByRole('button', { name: /Girls/ })

  fireEvent.click(price)
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Select a date' })).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog', { name: 'Select a date' })).toBeNull()

  fireEvent.click(price)
  expect(screen.getByRole('dialog', { name: 'Select a date' })).toBeTruthy()
  fireEvent.keyDown(document, { key: 'Escape' })
  expect(screen.queryByRole('dialog', { name: 'Select a date' })).toBeNull()

  // A tap beside the sheet closes it too; a tap on it does not.
  fireEvent.click(price)
  const sheet = screen.getByRole('dialog', { name: 'Select a date' })
  fireEvent.click(within(sheet).getByRole('heading', { name: 'Select a date' }))
  expect(screen.getByRole('dialog', { name: 'Select a date' })).toBe(sheet)
  fireEvent.click(sheet.parentElement!)
  expect(screen.queryByRole('dialog', { name: 'Select a date' })).toBeNull()
})
