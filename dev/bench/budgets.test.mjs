import { describe, expect, it } from 'vitest'
import {
  BOOKING_LOAD,
  budgetMisses,
  DOOR,
  GROUPS,
  HELP_ALERT,
  INVENTORY,
  LIGHTHOUSE,
  OFFLINE_FCP,
  TICKET,
  WAITLIST_CHURN,
} from './budgets.mjs'

/** A report within every budget. */
const within = () => ({
  firstLoadJs: { '/': { gzipBytes: 119_000, budgetBytes: 120_000, forbidden: /** @type {string[]} */ ([]) } },
  precache: { staffOnly: /** @type {string[]} */ ([]) },
  offlineReloadFcp: { path: '/events', thisMachine: { medianMs: 90 }, cpu4xSlower: { medianMs: 230 } },
  lighthouse: { pages: { '/': { performance: 99, lcpMs: 900, cls: 0 } } },
  contention: { holds: 10, capacity: 10, overbooked: false, otherErrors: 0 },
  createBooking: { p95Ms: 400 },
  holdsByOneMember: {
    cap: 2,
    oneDate: { tries: 20, distinctOrders: 1, seatsHeld: 1 },
    acrossDates: { tries: 20, held: 2 },
  },
  abandonedCheckouts: { capacity: 10, spotsLeftBefore: 0, spotsLeftAfterOneSweep: 10 },
  interactions: {
    calibratedSlowdown: 2.9,
    results: {
      'open the date dialog': { calibrated: { medianMs: 40 }, '10x': { medianMs: 120 }, '4x': { medianMs: 16 } },
    },
  },
  ticket: { hanging: { calibrated: { medianMs: 400, cpuSlowdown: 6.5 }, '4x': { medianMs: 200, cpuSlowdown: 4 } } },
  door: {
    inViewToVerdict: { calibrated: { medianMs: 150, cpuSlowdown: 3 }, '4x': { medianMs: 200, cpuSlowdown: 4 } },
    chunkGzipBytes: { door: 6_000 },
  },
  helpAlert: { alertToBannerMs: { medianMs: 900, maxMs: 1_600 } },
  waitlistChurn: { offers: 10, inOrder: true, mostSeatsClaimed: 10, capacity: 10, cancelToOfferMs: { p95: 300 } },
  bookingsWithFaults: {
    beforeJobs: { orphanSeats: 0 },
    afterJobs: { orphanSeats: 0, paidUnconfirmed: 0, pending: 0, payableEnded: 0 },
  },
  groups: {
    byDateSize: Object.fromEntries(
      GROUPS.guests.map((count) => [
        `guests${count}`,
        { plan: { meanSharedPerPair: 1.2, hardViolations: 0 }, random: { meanSharedPerPair: 0.85 } },
      ]),
    ),
    planMs: { guests: 60, p95Ms: 15 },
  },
})

describe('the bench budgets', () => {
  it('a report within every budget has no miss', () => {
    expect(budgetMisses(within())).toEqual([])
  })

  it('says each miss in words', () => {
    const report = within()
    report.firstLoadJs['/'] = { gzipBytes: 121_000, budgetBytes: 120_000, forbidden: ['firebase'] }
    report.precache = { staffOnly: ['assets/insight-chart-1a2b.js'] }
    report.offlineReloadFcp.cpu4xSlower.medianMs = OFFLINE_FCP.phoneMedianBudgetMs + 1
    report.lighthouse.pages['/'] = { performance: LIGHTHOUSE.budgets.performance - 1, lcpMs: 900, cls: 0 }
    report.contention.holds = 11
    report.createBooking.p95Ms = BOOKING_LOAD.p95BudgetMs + 1
    report.holdsByOneMember.acrossDates.held = 3
    report.abandonedCheckouts.spotsLeftAfterOneSweep = 9
    report.interactions.results['open the date dialog'].calibrated.medianMs = 104
    report.ticket.hanging.calibrated.medianMs = TICKET.hangingBudgetMs + 1
    report.door.inViewToVerdict.calibrated.medianMs = DOOR.budgetMs + 1
    report.door.chunkGzipBytes.door = DOOR.chunkBudgetBytes + 1
    report.helpAlert.alertToBannerMs.maxMs = HELP_ALERT.maxBudgetMs + 1
    report.waitlistChurn = {
      offers: 9,
      inOrder: false,
      mostSeatsClaimed: 11,
      capacity: 10,
      cancelToOfferMs: { p95: WAITLIST_CHURN.p95BudgetMs + 1 },
    }
    report.bookingsWithFaults.afterJobs.orphanSeats = 1
    report.bookingsWithFaults.afterJobs.paidUnconfirmed = 2
    expect(budgetMisses(report)).toEqual([
      'first-load JS of /: 121000 > 120000 bytes gzip',
      '/ loads firebase',
      'the service worker precaches staff-only code on every phone: assets/insight-chart-1a2b.js',
      `offline reload FCP at 4x CPU: median ${OFFLINE_FCP.phoneMedianBudgetMs + 1} > ${OFFLINE_FCP.phoneMedianBudgetMs} ms`,
      `Lighthouse performance of /: ${LIGHTHOUSE.budgets.performance - 1} < ${LIGHTHOUSE.budgets.performance}`,
      'contention: 11 holds for 10 seats (0 other errors)',
      `createBooking p95 ${BOOKING_LOAD.p95BudgetMs + 1} ms > ${BOOKING_LOAD.p95BudgetMs} ms`,
      'one member, 20 dates: 3 holds (budget 2)',
      'abandoned checkouts: 9 of 10 seats back after one sweep',
      'interaction "open the date dialog" at the calibrated 2.9x CPU: median 104 > 100 ms',
      `the ticket's QR code with every outside request hanging, at the calibrated 6.5x CPU: median ${TICKET.hangingBudgetMs + 1} > ${TICKET.hangingBudgetMs} ms`,
      `the door's verdict after a QR code comes into view, at the calibrated 3x CPU: median ${DOOR.budgetMs + 1} > ${DOOR.budgetMs} ms`,
      `Door mode's chunk: ${DOOR.chunkBudgetBytes + 1} > ${DOOR.chunkBudgetBytes} bytes gzip`,
      `a guest's alert to the banner on the coordinator's door screen: slowest ${HELP_ALERT.maxBudgetMs + 1} > ${HELP_ALERT.maxBudgetMs} ms`,
      'waitlist churn: 11 seats claimed on a 10-seat date',
      'waitlist churn: 9 offers for 10 seats freed, not in the order members joined',
      `waitlist churn: cancel to offer p95 ${WAITLIST_CHURN.p95BudgetMs + 1} ms > ${WAITLIST_CHURN.p95BudgetMs} ms`,
      `${INVENTORY.faultyBookings} faulty bookings: 1 orphan seats after the jobs`,
      `${INVENTORY.faultyBookings} faulty bookings: 2 paid but unconfirmed`,
    ])
  })
})

describe('the group planner', () => {
  it('holds its plans to no broken hard rule, more shared interests than random groups, and its time', () => {
    const report = within()
    const sixty = report.groups.byDateSize.guests60
    if (!sixty) throw new Error('no dates of 60 guests')
    sixty.plan = { meanSharedPerPair: 0.8, hardViolations: 2 }
    report.groups.planMs.p95Ms = GROUPS.p95BudgetMs + 1
    expect(budgetMisses(report)).toEqual([
      'the group plans of 60 guests: 2 hard rules broken (budget 0)',
      "the group plans of 60 guests: 0.8 shared interests a pair, not above random groups' 0.85",
      `planning 60 guests: p95 ${GROUPS.p95BudgetMs + 1} > ${GROUPS.p95BudgetMs} ms`,
    ])
  })

  it('counts a report without it as a miss', () => {
    const { groups: _, ...rest } = within()
    expect(budgetMisses(rest)).toEqual(['the group planner was not measured'])
  })
})

describe('the catalogue’s pages', () => {
  const catalogue = (/** @type {number} */ home, /** @type {number} */ event) => ({
    documentSize: { events200: { gzipBytes: 20_000 } },
    pageHtml: { sizes: { events200InFiveCities: { '/': { gzipBytes: home }, event: { gzipBytes: event } } } },
    listingRender: { medianMs: 500 },
    eventPageByFunction: { p95Ms: 100 },
  })

  it('holds the home page and an event page to their HTML budget with 200 events in five cities', () => {
    expect(budgetMisses({ ...within(), catalogue: catalogue(4_600, 3_900) })).toEqual([])
    expect(budgetMisses({ ...within(), catalogue: catalogue(21_000, 3_900) })).toEqual([
      'the HTML of / with 200 events in five cities: 21000 > 6000 bytes gzip',
    ])
  })
})

describe('help at the venue', () => {
  it("counts a report without the alert's time to the banner as a miss", () => {
    const { helpAlert: _, ...rest } = within()
    expect(budgetMisses(rest)).toEqual([
      "a guest's alert to the banner on the coordinator's door screen: slowest undefined > 2000 ms",
    ])
  })
})
