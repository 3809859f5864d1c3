/**
 * What a page's component test answers for the network (used from `vi.mock` factories): the
 * functions' getAvailability as the server answers when no seat is taken yet, and Firebase Auth
 * saying nobody is signed in on this device.
 */
import { vi } from 'vitest'

/** `lib/public-api` whose getAvailability answers every listed event (or the one asked for) with every date free. */
export async function freeSeatsApi() {
  const { currentCatalogue } = await import('../lib/catalogue')
  const { availableDates } = await import('@yaari/domain/schedule')
  return {
    callPublicFunction: vi.fn(async (_contract: unknown, { eventId }: { eventId?: string } = {}) => ({
      events: currentCatalogue()
        .listed.filter((event) => eventId === undefined || event.id === eventId)
        .map((event) => ({
          eventId: event.id,
          dates: availableDates(event).map((date) => ({ date, capacity: event.capacity, spotsLeft: event.capacity })),
        })),
    })),
  }
}

/** `lib/firebase` as a device with nobody signed in sees it. */
export const signedOutFirebase = () => ({
  auth: () => ({ currentUser: null }),
  onSignedInChange: (next: (user: null) => void) => {
    next(null)
    return () => {}
  },
  signOutOfAuth: async () => {},
})
