/**
 * Reporting a guest: the emergency number and the team's 24/7 contact first (someone in danger
 * should not be filling in a form), then the reason and what happened. The reported member is
 * never told who reported; the reporter is told when the team has looked at it. What is typed is
 * kept on the device until it is sent.
 */
import {
  AFTER_MESSAGES,
  type GuestView,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  reportGuestCall,
  reportSchema,
} from '@yaari/domain/after-night'
import { SITE } from '@yaari/domain/site'
import { useEffect, useState } from 'react'
import { cx } from 'styled-system/css'
import { flow, wrap } from 'styled-system/patterns'
import { button, notice, text } from 'styled-system/recipes'
import * as v from 'valibot'
import { call, useAction } from '../../lib/call'
import { useAuthStore } from '../../lib/session/auth-store'
import { Button } from '../../ui/button'
import { SingleChoiceCards } from '../../ui/choice-cards'
import { Dialog } from '../../ui/dialog'
import { TextAreaField } from '../../ui/field'
import { showToast } from '../../ui/toast'
import { AFTER_WORDS, dropDraft, keepDraft, readDraft } from './after-night-calls'
import { ErrorLine } from './error-line'

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))

interface ReportForm {
  reason?: ReportReason
  text: string
}

const storedReport = (form: unknown): ReportForm | undefined => {
  const parsed = v.safeParse(v.object({ reason: v.optional(v.picklist(REPORT_REASONS)), text: v.string() }), form)
  return parsed.success ? parsed.output : undefined
}

/** Who to call now: shown at the top of every report. */
function EmergencyContacts() {
  return (
    <div role="note" aria-label="In an emergency" className={cx(notice({ size: 'md' }), flow({ gap: '2' }))}>
      <p className={text({ weight: 'bold' })}>In danger right now? Call 108.</p>
      <p>Our 24/7 emergency contact: {SITE.phone}.</p>
      <div className={wrap({ gap: '2' })}>
        <a href="tel:108" className={button({ size: 'sm' })}>
          Call 108
        </a>
        <a href={SITE.phoneHref} className={button({ size: 'sm', variant: 'outline' })}>
          Call Yaari 24/7
        </a>
      </div>
    </div>
  )
}

export function ReportDialog({
  orderId,
  guest,
  onClose,
}: {
  orderId: string
  guest: GuestView
  onClose: (sent: boolean) => void
}) {
  const uid = useAuthStore((state) => state.member?.uid)
  const what = `report:${orderId}:${guest.guestId}`
  const [form, setForm] = useState<ReportForm>({ text: '' })
  const sending = useAction(async (report: v.InferOutput<typeof reportSchema>) => {
    await call(reportGuestCall, report)
    if (uid) await dropDraft(uid, what)
    void showToast({
      title: 'Your report is sent.',
      description: `${guest.firstName} is not told who reported. We will tell you when our team has looked at it.`,
      type: 'success',
    })
    onClose(true)
  }, AFTER_WORDS)
  const { error, setError } = sending

  useEffect(() => {
    if (uid) void readDraft(uid, what, storedReport).then((draft) => draft && setForm(draft))
  }, [uid, what])

  const change = (next: ReportForm) => {
    setForm(next)
    setError(undefined)
    if (uid) void keepDraft(uid, what, next)
  }

  const send = () => {
    const parsed = v.safeParse(reportSchema, { orderId, guestId: guest.guestId, ...form })
    if (!parsed.success) return setError(parsed.issues[0].message)
    void sending.run(parsed.output)
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose(false)}
      title={`Report ${guest.firstName}`}
      description={`${guest.firstName} is never told who reported them.`}
    >
      <div className={flow({ gap: '4' })}>
        <EmergencyContacts />
        <SingleChoiceCards
          label="What happened?"
          options={REASON_OPTIONS}
          value={form.reason}
          onChange={(reason) => change({ ...form, reason: reason as ReportReason })}
          invalid={error === AFTER_MESSAGES.reportReason}
        />
        <TextAreaField
          label="Tell us more"
          value={form.text}
          rows={4}
          maxLength={REPORT_TEXT_MAX}
          required
          onChange={(event) => change({ ...form, text: event.target.value })}
        />
        <ErrorLine error={error} />
        <div className={wrap({ gap: '3' })}>
          <Button loading={sending.busy} loadingText="Sending…" onClick={send}>
            Send report
          </Button>
          <Button variant="outline" onClick={() => onClose(false)}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
