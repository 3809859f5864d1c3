/** What the services run with in a deployed function, made from the checked params. */
import { db } from './admin'
import { cashfreeGateway } from './cashfree'
import type { BookingDeps } from './records'
import { functionSettings } from './settings'

/** Cashfree and where the browser returns, from the checked params (a bad value throws, never a default). */
export function bookingDeps(): BookingDeps {
  const settings = functionSettings()
  return {
    firestore: db(),
    gateway: cashfreeGateway(settings.cashfree),
    appOrigin: settings.appOrigin,
    cashfreeMode: settings.cashfree.environment,
  }
}
