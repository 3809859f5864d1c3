// @ts-check
/** The bench's HTML report: one bar chart per measurement, budgets as dashed lines. */
import { GROUPS, HELP_ALERT, INTERACTIONS, LIGHTHOUSE, TICKET, WAITLIST_CHURN } from './budgets.mjs'
import { benchReportHtml } from './report.mjs'

/**
 * The charts of the HTML report, from the JSON report.
 * @param {any} report the bench's JSON report
 */
export function reportCharts(report) {
  const kb = (/** @type {number} */ bytes) => Math.round(bytes / 100) / 10
  const fcp =
    /** @type {{ thisMachine?: { runsMs: number[], medianMs: number, medianBudgetMs: number }, cpu4xSlower?: { runsMs: number[], medianMs: number, medianBudgetMs: number } }} */ (
      report.offlineReloadFcp
    )
  /** @type {Parameters<typeof benchReportHtml>[0]['charts']} */
  const charts = [
    {
      title: 'First-load JavaScript per route (gzip)',
      unit: 'KB',
      rows: Object.entries(report.firstLoadJs).map(([path, entry]) => {
        const { gzipBytes, budgetBytes } = /** @type {{ gzipBytes: number, budgetBytes: number }} */ (entry)
        return { label: path, value: kb(gzipBytes), budget: kb(budgetBytes) }
      }),
    },
  ]
  for (const [name, runs] of /** @type {const} */ ([
    ['this machine', fcp.thisMachine],
    ['CPU 4x slower', fcp.cpu4xSlower],
  ])) {
    if (!runs) continue
    charts.push({
      title: `Offline reload of /events, first contentful paint (${name})`,
      unit: 'ms',
      note: `Median ${runs.medianMs} ms over ${runs.runsMs.length} reloads.`,
      rows: [
        ...runs.runsMs.map((ms, i) => ({ label: `reload ${i + 1}`, value: ms })),
        { label: 'median', value: runs.medianMs, budget: runs.medianBudgetMs },
      ],
    })
  }
  const lh = report.lighthouse
  if (lh) {
    /** @typedef {{ performance: number, lcpMs: number, tbtMs: number, cls: number }} Figures */
    const pages =
      /** @type {[string, Figures & { at4x: Figures, runs: { benchmarkIndex: number, cpuSlowdown: number }[] }][]} */ (
        Object.entries(lh.pages)
      )
    const slowdowns = pages.flatMap(([, page]) => page.runs.map((run) => run.cpuSlowdown))
    const indexes = pages.flatMap(([, page]) => page.runs.map((run) => run.benchmarkIndex))
    charts.push(
      {
        title: 'Lighthouse performance score (mobile)',
        unit: '',
        note: `Median of ${LIGHTHOUSE.runs} runs, simulated mid-tier phone: this host's benchmarkIndex was ${Math.min(...indexes)} to ${Math.max(...indexes)}, so the CPU slowdown was ${Math.min(...slowdowns)}x to ${Math.max(...slowdowns)}x (Lighthouse's calibration; its default 4x assumes a host of ~1,500). "at 4x": the same runs with the default. Higher is better: the budget is a floor.`,
        rows: pages.flatMap(([path, page]) => [
          { label: path, value: page.performance },
          { label: `${path} at 4x`, value: page.at4x.performance },
        ]),
      },
      {
        title: 'Lighthouse largest contentful paint (mobile)',
        unit: 'ms',
        rows: pages.map(([path, page]) => ({ label: path, value: page.lcpMs, budget: lh.budgets.lcpMs })),
      },
      {
        title: 'Lighthouse total blocking time (mobile)',
        unit: 'ms',
        rows: pages.flatMap(([path, page]) => [
          { label: path, value: page.tbtMs },
          { label: `${path} at 4x`, value: page.at4x.tbtMs },
        ]),
      },
    )
  }
  const booking = report.createBooking
  if (booking) {
    charts.push({
      title: `createBooking latency, ${booking.callers} members at once on one function instance (${booking.calls} calls)`,
      unit: 'ms',
      rows: [
        { label: 'p50', value: booking.p50Ms },
        { label: 'p95', value: booking.p95Ms, budget: booking.p95BudgetMs },
        { label: 'max', value: booking.maxMs },
      ],
    })
  }
  const emulated = report.createBookingThroughEmulator
  if (emulated) {
    charts.push({
      title: `createBooking through the Functions emulator, ${emulated.callers} members at once (${emulated.calls} calls)`,
      unit: 'ms',
      note: `No budget: the emulator runs each request in flight in a Node process of its own (${emulated.callers} on this machine's cores; starting them took ${emulated.warmUpMs} ms, not counted).`,
      rows: [
        { label: 'p50', value: emulated.p50Ms },
        { label: 'p95', value: emulated.p95Ms },
        { label: 'max', value: emulated.maxMs },
      ],
    })
  }
  const rush = report.contention
  if (rush) {
    charts.push({
      title: `${rush.requests} bookings of one date at once`,
      unit: '',
      note: `${rush.eventId} on ${rush.date}: the dashed line is the table's capacity; holds may never pass it.`,
      rows: [
        { label: 'seats held', value: rush.holds, budget: rush.capacity },
        { label: 'seat documents', value: rush.seatDocuments, budget: rush.capacity },
        { label: 'told "sold out"', value: rush.soldOut },
        { label: 'other errors', value: rush.otherErrors },
      ],
    })
  }
  const holds = report.holdsByOneMember
  if (holds) {
    charts.push({
      title: `One member with a script: ${holds.oneDate.tries} tries on one date, then ${holds.acrossDates.tries} dates`,
      unit: '',
      note: `One live booking per member and date (a retry gets the same order back); at most ${holds.cap} unpaid holds per member.`,
      rows: [
        { label: 'orders, one date', value: holds.oneDate.distinctOrders, budget: 1 },
        { label: 'seats, one date', value: holds.oneDate.seatsHeld, budget: 1 },
        { label: 'holds, many dates', value: holds.acrossDates.held, budget: holds.cap },
      ],
    })
  }
  const abandoned = report.abandonedCheckouts
  if (abandoned) {
    charts.push({
      title: `${abandoned.abandoned} checkouts abandoned on a ${abandoned.capacity}-seat date`,
      unit: '',
      note: `Spots left before and after one run of the sweep (${abandoned.sweep.ms} ms); the dashed line is the whole table.`,
      rows: [
        { label: 'spots before', value: abandoned.spotsLeftBefore ?? 0 },
        { label: 'spots after one sweep', value: abandoned.spotsLeftAfterOneSweep ?? 0, budget: abandoned.capacity },
      ],
    })
  }
  const interactions = report.interactions
  if (interactions) {
    charts.push({
      title: `Interaction latency at the calibrated ${interactions.calibratedSlowdown ?? '?'}x CPU (Lighthouse's mid-tier phone on this host, benchmark index ${interactions.hostBenchmarkIndex ?? '?'}), 375 px`,
      unit: 'ms',
      note: `Event Timing: the worst entry of each interaction, median of ${INTERACTIONS.runs} runs; the dashed line is the ${INTERACTIONS.budgetMs} ms budget (decision 0004). The same at ${INTERACTIONS.slowdowns.lowEnd}x (a low-end phone) and 4x is in the JSON.`,
      rows: Object.entries(interactions.results).map(([name, result]) => ({
        label: name,
        value: result.calibrated?.medianMs ?? 0,
        budget: INTERACTIONS.budgetMs,
      })),
    })
  }
  const ticket = report.ticket
  if (ticket) {
    charts.push({
      title: 'The ticket at the door: navigation to its QR code on screen',
      unit: 'ms',
      note: `Median of ${TICKET.runs} runs, 375 px, service worker in control; "hanging": every request leaving the app's origin (Firebase Auth's included) never answered. "calibrated": Lighthouse's mid-tier phone on this host (decision 0004); the dashed line is the ${TICKET.hangingBudgetMs} ms budget there.`,
      rows: ['hanging', 'online'].flatMap((kind) =>
        Object.entries(ticket[kind] ?? {}).map(([slowdown, result]) => ({
          label: `${kind}, ${slowdown === 'calibrated' ? `calibrated ${result.cpuSlowdown}x` : slowdown} CPU`,
          value: result.medianMs,
          ...(kind === 'hanging' && slowdown === 'calibrated' ? { budget: TICKET.hangingBudgetMs } : {}),
        })),
      ),
    })
  }
  const help = report.helpAlert
  if (help) {
    charts.push({
      title: "Help at the venue: a guest's alert to the banner on the coordinator's door screen",
      unit: 'ms',
      note: `From raiseAlert sent to the banner shown; the door screen reads the date's alerts every ${help.doorReads.everyMs} ms, and the runs are sent at points spread evenly over that cycle (the first just after a read, the last just before the next). raiseAlert took ${help.raiseAlertMs.medianMs} ms, a read ${help.doorReads.medianMs} ms (medians). The dashed line is the ${HELP_ALERT.maxBudgetMs} ms budget of the slowest run.`,
      rows: [
        ...help.alertToBannerMs.runsMs.map((/** @type {number} */ ms, /** @type {number} */ i) => ({
          label: `run ${i + 1}`,
          value: ms,
        })),
        { label: 'median', value: help.alertToBannerMs.medianMs },
        { label: 'slowest', value: help.alertToBannerMs.maxMs, budget: HELP_ALERT.maxBudgetMs },
      ],
    })
  }
  const churn = report.waitlistChurn
  if (churn) {
    charts.push({
      title: `Waitlist churn: ${churn.waiting} waiting on a ${churn.capacity}-seat date, ${churn.cancellations} cancels`,
      unit: 'ms',
      note: `From each cancel to the next member's offer; ${churn.offers} offers${churn.inOrder ? ', in the order members joined' : ', NOT in order'}; at most ${churn.mostSeatsClaimed} seats claimed (the table has ${churn.capacity}).`,
      rows: [
        { label: 'cancel to offer, p50', value: churn.cancelToOfferMs.p50 },
        { label: 'cancel to offer, p95', value: churn.cancelToOfferMs.p95, budget: WAITLIST_CHURN.p95BudgetMs },
        { label: 'cancel to offer, max', value: churn.cancelToOfferMs.max },
      ],
    })
  }
  const faults = report.bookingsWithFaults
  if (faults) {
    charts.push({
      title: `${faults.bookings} bookings with injected faults`,
      unit: '',
      note: 'Failures thrown or the process dying between createBooking’s writes, Cashfree down or its answer lost, payments whose webhook is lost; then the scheduled jobs. Budget: zero.',
      rows: [
        { label: 'orphan seats, before the jobs', value: faults.beforeJobs.orphanSeats, budget: 0 },
        { label: 'orphan seats, after', value: faults.afterJobs.orphanSeats, budget: 0 },
        { label: 'paid but unconfirmed, after', value: faults.afterJobs.paidUnconfirmed, budget: 0 },
        { label: 'seats held = paid bookings', value: faults.afterJobs.seats, budget: faults.afterJobs.confirmed },
      ],
    })
  }
  const groups = report.groups
  if (groups) {
    const sizes = /** @type {[string, { plan: Record<string, number>, random: Record<string, number> }][]} */ (
      Object.entries(groups.byDateSize)
    )
    charts.push(
      {
        title: 'Groups: interests a pair in a group shares, planned and at random',
        unit: '',
        note: `${GROUPS.datesPerSize} synthetic dates of each size (dev/bench/groups.mjs); hard rules broken by the plans: ${sizes.map(([, size]) => size.plan.hardViolations).join(', ')} (budget 0).`,
        rows: sizes.flatMap(([name, size]) => [
          { label: `${name.replace('guests', '')} guests, planned`, value: size.plan.meanSharedPerPair },
          { label: `${name.replace('guests', '')} guests, at random`, value: size.random.meanSharedPerPair },
        ]),
      },
      {
        title: `Groups: planning ${groups.planMs.guests} guests`,
        unit: 'ms',
        note: `${groups.planMs.runs} runs after a warm-up, in Node on this machine.`,
        rows: [
          { label: 'median', value: groups.planMs.medianMs },
          { label: 'p95', value: groups.planMs.p95Ms, budget: GROUPS.p95BudgetMs },
        ],
      },
    )
  }
  return { generatedAt: new Date().toISOString(), charts, misses: report.budgets.misses }
}
