#!/usr/bin/env node
// @ts-check
/**
 * `npm run drill`: the operator's Saturday night, rehearsed on the local stack. Each fault is made
 * for real (the payment stand-in never answers, answers 401, answers 500, answers slowly; an SMTP
 * server refuses a recipient; a job's database goes away), the functions' own code runs into it
 * (bundled, in this process, against the stack), and the drill prints per fault the alert event the
 * functions logged and the state left behind. It exits non-zero when a fault went unseen (no alert,
 * or the wrong one) or left a wrong state. Starts the stack unless YAARI_STACK_RUNNING=1.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { getApps, initializeApp } from 'firebase-admin/app'
import { getFirestore } from 'firebase-admin/firestore'
import { SMTPServer } from 'smtp-server'
import { HOST, PROJECT_ID, ROOT, stackPorts, standinControl } from './lib/config.mjs'
import { startStack } from './lib/stack.mjs'
import { importTypeScript } from './lib/typescript.mjs'
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from './payments/standin.mjs'

// Short windows, so the drill takes seconds: read by the functions' code when it loads.
process.env.YAARI_GATEWAY_TIMEOUT_MS = '4000'
process.env.YAARI_STALE_CHANGE_MS = '2000'

const log = (/** @type {string} */ line) => process.stderr.write(`${line}\n`)

/** Every alert the functions' logger writes while `run` runs (it writes JSON lines to stdout/stderr). */
async function alertsOf(/** @type {() => Promise<unknown>} */ run) {
  /** @type {Record<string, unknown>[]} */
  const alerts = []
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) }
  const capture = (/** @type {unknown} */ chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.startsWith('{')) continue
      try {
        const entry = JSON.parse(line)
        if (entry.alert === true) alerts.push(entry)
      } catch {
        // not one of the logger's lines
      }
    }
    return true
  }
  process.stdout.write = /** @type {any} */ (capture)
  process.stderr.write = /** @type {any} */ (capture)
  let error
  try {
    await run()
  } catch (caught) {
    error = caught
  } finally {
    process.stdout.write = writes.out
    process.stderr.write = writes.err
  }
  return { alerts, error }
}

/** The payment stand-in's fault. @param {Record<string, unknown>} fault */
async function setFault(fault) {
  const response = await standinControl('/faults', fault)
  if (!response.ok) throw new Error(`faults: ${response.status} ${await response.text()}`)
}

/** An SMTP server that refuses one recipient for good (550) and takes every other. */
async function refusingSmtp(/** @type {string} */ refused) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === refused) {
        return callback(
          Object.assign(new Error('5.1.1 Recipient address rejected: no such mailbox'), { responseCode: 550 }),
        )
      }
      callback()
    },
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => callback())
    },
  })
  await new Promise((resolve) => server.listen(0, HOST, () => resolve(undefined)))
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.server.address())
  return {
    url: `smtp://${HOST}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  }
}

async function main() {
  const stack =
    process.env.YAARI_STACK_RUNNING === '1'
      ? undefined
      : await startStack({ onStep: (step) => log(`  [stack] ${step}`) })
  try {
    process.env.FIRESTORE_EMULATOR_HOST ??= `${HOST}:${stackPorts().firestore}`
    process.env.METADATA_SERVER_DETECTION ??= 'none'
    if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID })
    const firestore = getFirestore()
    const code = await importTypeScript(join(ROOT, 'dev', 'drill', 'entry.ts'), 'drill', {
      external: [
        'firebase-admin',
        'firebase-admin/*',
        'firebase-functions',
        'firebase-functions/*',
        'sharp',
        'nodemailer',
      ],
    })
    const gateway = code.cashfreeGateway({
      baseUrl: `http://${HOST}:${stackPorts().payments}/pg`,
      clientId: STANDIN_CLIENT_ID,
      clientSecret: STANDIN_CLIENT_SECRET,
    })
    const deps = {
      firestore,
      catalogue: code.SEED,
      gateway,
      appOrigin: `http://${HOST}:${stackPorts().app}`,
      cashfreeMode: 'sandbox',
    }
    const event = code.SEED_EVENTS.find((/** @type {{ id: string }} */ e) => e.id === 'midweek-wednesday-dinner')
    const dates = code.availableDates(event).slice(-3)

    /** A member with a profile, as createBooking needs. */
    const member = async (email = `drill-${randomUUID()}@example.test`) => {
      const uid = `drill_${randomUUID().replaceAll('-', '')}`
      await firestore
        .collection('user_profiles')
        .doc(uid)
        .set(code.storedProfileOf(uid, email, { name: 'Drill Member' }))
      // A test account, which books without a verified mobile (as the stack's callables let it).
      return { uid, email, skipsMobileCheck: true }
    }
    /** @param {{ uid: string, email: string, skipsMobileCheck: boolean }} who @param {string} date */
    const book = (who, date) => {
      const request = code.bookingRequest(event.id, date)
      return code.createBooking(deps, who, {
        ...request,
        userProfile: { ...request.userProfile, email: who.email },
      })
    }
    const seatsHeldBy = async (/** @type {string} */ uid, /** @type {string} */ date) =>
      (await firestore.collection(`slots/${event.id}_${date}/seats`).where('user_id', '==', uid).get()).size
    const booking = async (/** @type {string} */ orderId) => (await firestore.doc(`bookings/${orderId}`).get()).data()

    /** @type {{ fault: string, expected: string, seen: string, state: string, ok: boolean }[]} */
    const rows = []
    /** @param {string} fault @param {string} expected @param {() => Promise<unknown>} run @param {() => Promise<{ state: string, ok: boolean }>} check */
    const drill = async (fault, expected, run, check) => {
      log(`  ${fault}...`)
      const { alerts, error } = await alertsOf(run)
      await setFault({ mode: 'none' })
      const seen =
        [...new Set(alerts.map((alert) => String(alert.event)))].join(', ') || (error ? `(no alert; ${error})` : '—')
      const result = await check()
      const heard = expected === '—' ? alerts.length === 0 : alerts.some((alert) => alert.event === expected)
      rows.push({ fault, expected, seen, state: result.state, ok: heard && result.ok })
    }

    /**
     * A new member books the first date while the gateway fails in `mode`: the fault is seen, and
     * no seat is kept. `told` is what the state says the member heard, if anything.
     * @param {string} fault @param {string} expected @param {string} mode @param {string} [told]
     */
    const bookWhileFailing = async (fault, expected, mode, told = '') => {
      const who = await member()
      await drill(
        fault,
        expected,
        async () => {
          await setFault({ mode })
          await book(who, dates[0])
        },
        async () => {
          const held = await seatsHeldBy(who.uid, dates[0])
          return { state: `${told}seats held by the member: ${held}`, ok: held === 0 }
        },
      )
    }

    // 1. Cashfree never answers while a member books: seen, and the seat is not kept.
    await bookWhileFailing(
      'gateway times out (createBooking)',
      'gateway-unreachable',
      'hang',
      'member told "unavailable"; ',
    )

    // 2. Our credentials refused (a rotated key): seen, nothing held.
    await bookWhileFailing('gateway answers 401 (createBooking)', 'gateway-auth-failed', '401')

    // 3. Cashfree breaks while a paid booking is reconciled: seen, the seat kept, confirmed once it answers.
    const third = await member()
    const paid = await book(third, dates[1])
    await standinControl(`/orders/${paid.order_id}/pay`, { outcome: 'SUCCESS', retries: 0, signature: 'bad' })
    await drill(
      'gateway answers 500 (reconcile)',
      'gateway-error',
      async () => {
        await setFault({ mode: '500' })
        await code.reconcileBooking(deps, paid.order_id)
      },
      async () => {
        const during = (await booking(paid.order_id))?.status
        const seats = await seatsHeldBy(third.uid, dates[1])
        await code.reconcileBooking(deps, paid.order_id)
        const after = (await booking(paid.order_id))?.status
        return {
          state: `${during} with its seat (${seats}) while it failed; ${after} once Cashfree answered`,
          ok: during === 'pending' && seats === 1 && after === 'confirmed',
        }
      },
    )

    // 4. Cashfree answers slowly, past the takeover window: a refund held up inside its change (a
    //    member's cancel), and one reconciler of a paid booking, each raced by other runners. The
    //    slow runner keeps its claim (it renews it), so each change is applied once: one refund, one seat.
    const fourth = await member()
    const slow = await book(fourth, dates[1])
    await standinControl(`/orders/${slow.order_id}/pay`, { outcome: 'SUCCESS', retries: 0, signature: 'bad' })
    const leaving = await member()
    const toCancel = await book(leaving, dates[1])
    await standinControl(`/orders/${toCancel.order_id}/pay`, { outcome: 'SUCCESS', retries: 0, signature: 'bad' })
    await code.reconcileBooking(deps, toCancel.order_id)
    /** @type {unknown} */
    let takenOver
    await drill(
      'gateway answers after 2.5 s, past the 2 s takeover window (a refund inside its change; two reconcilers)',
      '—',
      async () => {
        await setFault({
          mode: 'slow',
          delayMs: 2_500,
          count: 2,
          match: `POST /pg/orders/${toCancel.order_id}/refunds|GET /pg/orders/${slow.order_id}`,
        })
        const confirmed = await booking(toCancel.order_id)
        const cancelling = code.cancelConfirmed(deps, confirmed, {
          amount: confirmed?.amount,
          reason: 'cancelled',
          mail: 'booking-cancelled',
        })
        const firstRun = code.reconcileBooking(deps, slow.order_id)
        await new Promise((resolve) => setTimeout(resolve, 2_200))
        takenOver = await code.claimChange(firestore, toCancel.order_id, 'cancelled')
        await Promise.all([
          cancelling,
          firstRun,
          code.reconcileBooking(deps, slow.order_id),
          code.reconcileBooking(deps, toCancel.order_id),
        ])
      },
      async () => {
        const status = (await booking(slow.order_id))?.status
        const seatsOf = async (/** @type {string} */ orderId) =>
          (await firestore.collection(`slots/${event.id}_${dates[1]}/seats`).where('order_id', '==', orderId).get())
            .size
        const seats = await seatsOf(slow.order_id)
        const refunds = (await gateway.getRefunds(toCancel.order_id)).length
        const cancelledSeats = await seatsOf(toCancel.order_id)
        return {
          state: `${status}, seats under its order: ${seats}; the cancel ${takenOver ? 'TAKEN OVER' : 'kept its claim'}, refunds at Cashfree: ${refunds}, its seats: ${cancelledSeats}`,
          ok: status === 'confirmed' && seats === 1 && !takenOver && refunds === 1 && cancelledSeats === 0,
        }
      },
    )

    // 5. The SMTP server refuses a member's address for good: failed at once and alerted, never "sent".
    const refusedAddress = `refused-${randomUUID()}@example.test`
    const fifth = await member(refusedAddress)
    const told = await book(fifth, dates[2])
    await standinControl(`/orders/${told.order_id}/pay`, { outcome: 'SUCCESS', retries: 0, signature: 'bad' })
    await code.reconcileBooking(deps, told.order_id)
    const smtp = await refusingSmtp(refusedAddress)
    const mailId = `${told.order_id}_booking-confirmed`
    await drill(
      'SMTP refuses a recipient (550)',
      'mail-failed',
      async () => {
        const mailer = () => ({ transport: code.smtpTransport(smtp.url), from: 'Yaari <hello@yaari.local>' })
        // Only this mail is due now, as far as this run goes: the others keep their own schedule.
        await firestore.doc(`mail/${mailId}`).update({ due_at: Date.now() })
        await code.deliverMail({ firestore, catalogue: code.SEED, appOrigin: deps.appOrigin, mailer })
      },
      async () => {
        const mail = (await firestore.doc(`mail/${mailId}`).get()).data()
        return {
          state: `mail ${mail?.state} after ${mail?.attempts} attempt(s)${mail?.sent_at ? ', counted as sent' : ''}`,
          ok: mail?.state === 'failed' && mail?.attempts === 1 && mail?.sent_at === undefined,
        }
      },
    )
    await smtp.close()

    // 6. A job's database goes away: the job is named in a job-failed alert, and the next run works.
    await drill(
      'a job throws (reconcilePayments, its Firestore gone)',
      'job-failed',
      async () => {
        const broken = new Proxy(firestore, {
          get: (target, key) =>
            key === 'collection'
              ? () => {
                  throw new Error('14 UNAVAILABLE: the database cannot be reached')
                }
              : Reflect.get(target, key, target),
        })
        await code.runJobLogged('reconcilePayments', { ...deps, firestore: broken, mailer: () => undefined })
      },
      async () => {
        const report = await code.runJobLogged('reconcilePayments', { ...deps, mailer: () => undefined })
        return { state: `the next run reconciled ${report.checked} booking(s)`, ok: typeof report.checked === 'number' }
      },
    )

    const width = (/** @type {keyof (typeof rows)[number]} */ key) =>
      Math.max(...rows.map((row) => String(row[key]).length), key.length)
    const line = (/** @type {string[]} */ cells, /** @type {number[]} */ widths) =>
      cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')
    const widths = [width('fault'), width('expected'), width('seen'), width('state'), 4]
    console.log(line(['fault', 'alert expected', 'alert logged', 'state left', 'ok'], widths))
    for (const row of rows)
      console.log(line([row.fault, row.expected, row.seen, row.state, row.ok ? 'ok' : 'FAIL'], widths))
    const failed = rows.filter((row) => !row.ok)
    console.log(
      failed.length
        ? `${failed.length} of ${rows.length} faults went unseen or left a wrong state.`
        : `All ${rows.length} faults seen, each state as it should be.`,
    )
    return failed.length ? 1 : 0
  } finally {
    await setFault({ mode: 'none' }).catch(() => undefined)
    await stack?.stop()
  }
}

// A stray rejection is a failure of the drill, not a reason to leave the stack running.
process.on('unhandledRejection', (error) => {
  console.error('unhandled rejection:', error)
  process.exitCode = 1
})

main().then(
  (code) => process.exit(process.exitCode || code),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
