/** What the services run with in a deployed function, made from the checked params. */
import type { Catalogue } from '@yaari/domain/catalogue'
import { db } from './admin'
import { cashfreeGateway } from './cashfree'
import type { BookingDeps } from './records'
import { functionSettings } from './settings'

/**
 * Cashfree and where the browser returns, from the checked params (a bad value throws, never a
 * default), with the catalogue the request or the job's run read.
 */
export function bookingDeps(catalogue: Catalogue): BookingDeps {
  return { ...bookingSetup(), catalogue }
}

/** The same, before a catalogue is read (a job reads it when it runs). */
export function bookingSetup(): Omit<BookingDeps, 'catalogue'> {
  const settings = functionSettings()
  return {
    firestore: db(),
    gateway: cashfreeGateway(settings.cashfree),
    appOrigin: settings.appOrigin,
    cashfreeMode: settings.cashfree.environment,
  }
}
