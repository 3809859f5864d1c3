import { venueBriefPath } from '@yaari/domain/booking'
import { eventStartInstant } from '@yaari/domain/schedule'
import { describe, expect, it } from 'vitest'
import { bookingWorld, EVENT } from '../../testing/booking-world'
import { FakeMail } from '../../testing/fake-mail'
import { deliverMail } from './outbox'
import { queueReminders } from './reminders'

const HOUR = 3_600_000

/** A confirmed booking of the first bookable date, and a clock the test sets. */
async function confirmed() {
  const world = bookingWorld()
  const mail = new FakeMail()
  const { date } = await world.paidBooking()
  const start = eventStartInstant(date, EVENT.startTime).getTime()
  const deps = { ...world.deps, mailer: mail.mailer }
  const runAt = async (at: number) => {
    world.advance(at - world.now)
    const report = await queueReminders(deps)
    await deliverMail(deps)
    return report
  }
  const share = () =>
    world.firestore.doc(venueBriefPath(EVENT.id, date)).set({ venueName: 'Third Wave', address: '12 Main Road' })
  const subjects = () => mail.sent.map((m) => m.subject).filter((s) => !s.startsWith("You're in"))
  return { world, mail, start, runAt, share, subjects }
}

describe('queueReminders', () => {
  it('sends the venue brief 24 hours before when it was shared earlier, once, however often it runs', async () => {
    const { start, runAt, share, subjects } = await confirmed()
    await share()
    await runAt(start - 25 * HOUR)
    expect(subjects()).toEqual([])
    expect(await runAt(start - 24 * HOUR)).toMatchObject({ briefs: 1 })
    await runAt(start - 23 * HOUR)
    await runAt(start - 23 * HOUR)
    expect(subjects()).toHaveLength(1)
    expect(subjects()[0]).toMatch(new RegExp(`^Your venue for ${EVENT.title}, `))
  })

  it('sends it when the team shares it later than 24 hours before', async () => {
    const { start, runAt, share, subjects } = await confirmed()
    await runAt(start - 20 * HOUR)
    expect(subjects()).toEqual([])
    await share()
    await runAt(start - 19 * HOUR)
    expect(subjects().filter((s) => s.startsWith('Your venue'))).toHaveLength(1)
  })

  it("sends the day's reminder from 09:00 IST on the day, with the venue once shared, and none after the start", async () => {
    const { start, runAt, share, subjects, mail } = await confirmed()
    await share()
    const nineAm = start - 9 * HOUR // a 18:00 start
    await runAt(nineAm - 60_000)
    expect(subjects().filter((s) => s.startsWith('Today'))).toEqual([])
    await runAt(nineAm)
    await runAt(nineAm + HOUR)
    expect(subjects().filter((s) => s.startsWith('Today'))).toEqual([`Today: ${EVENT.title} at 6:00 PM`])
    expect(mail.sent.find((m) => m.subject.startsWith('Today'))?.text).toContain('Venue: Third Wave')
  })

  it('queues nothing once the event has started, nor for a booking that is not confirmed', async () => {
    const { start, runAt, share, subjects } = await confirmed()
    await share()
    expect(await runAt(start)).toMatchObject({ briefs: 0, reminders: 0 })
    expect(subjects()).toEqual([])
  })
})
