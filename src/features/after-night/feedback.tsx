/**
 * The evening's feedback: a rating, a comment and what could be better. What is typed is kept on
 * the device until it is sent.
 */
import {
  AFTER_MESSAGES,
  type AfterNightView,
  COMMENT_MAX,
  feedbackSchema,
  IMPROVE_LABELS,
  IMPROVE_OPTIONS,
  type ImproveOption,
  saveFeedbackCall,
} from '@yaari/domain/after-night'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { flow } from 'styled-system/patterns'
import { heading, text } from 'styled-system/recipes'
import * as v from 'valibot'
import { call, useAction } from '../../lib/call'
import type { Held } from '../../lib/held'
import { Button } from '../../ui/button'
import { MultiChoiceCards, SingleChoiceCards } from '../../ui/choice-cards'
import { TextAreaField } from '../../ui/field'
import { showToast } from '../../ui/toast'
import { AFTER_WORDS, dropDraft, keepDraft, readDraft } from './after-night-calls'
import { ErrorLine } from './error-line'

const RATING_OPTIONS = [
  { value: '1', label: '1: Not for me' },
  { value: '2', label: '2: Meh' },
  { value: '3', label: '3: Good' },
  { value: '4', label: '4: Great' },
  { value: '5', label: '5: Loved it' },
]
const IMPROVE_CHOICES = IMPROVE_OPTIONS.map((value) => ({ value, label: IMPROVE_LABELS[value] }))

export interface FeedbackForm {
  rating?: number
  comment: string
  improve: ImproveOption[]
}

export const storedFeedback = (form: unknown): FeedbackForm | undefined => {
  const parsed = v.safeParse(
    v.object({
      rating: v.optional(v.number()),
      comment: v.string(),
      improve: v.array(v.picklist(IMPROVE_OPTIONS)),
    }),
    form,
  )
  return parsed.success ? parsed.output : undefined
}

/** Where the feedback typed for an evening is kept on the device. */
export const feedbackDraft = (orderId: string) => `feedback:${orderId}`

export function Feedback({
  view,
  uid,
  saved,
  onSaved,
}: {
  view: AfterNightView
  uid: string
  /** The draft the route's loader read for the member the device knew (undefined: not read). */
  saved: Held<FeedbackForm> | undefined
  onSaved: () => void
}) {
  const what = feedbackDraft(view.orderId)
  // Read before the page rendered when it is this member's: the form opens on it.
  const held = saved?.uid === uid ? saved : undefined
  const [form, setForm] = useState<FeedbackForm>(
    () =>
      held?.value ?? {
        rating: view.feedback?.rating,
        comment: view.feedback?.comment ?? '',
        improve: view.feedback?.improve ?? [],
      },
  )
  const [restored, setRestored] = useState(held?.value !== undefined)
  const sending = useAction(async (feedback: v.InferOutput<typeof feedbackSchema>) => {
    await call(saveFeedbackCall, feedback)
    await dropDraft(uid, what)
    setRestored(false)
    void showToast({ title: 'Thank you: your feedback is saved.', type: 'success' })
    onSaved()
  }, AFTER_WORDS)
  const { error, setError } = sending

  useEffect(() => {
    if (held) return
    void readDraft(uid, what, storedFeedback).then((draft) => {
      if (draft) {
        setForm(draft)
        setRestored(true)
      }
    })
  }, [uid, what, held])

  const change = (next: FeedbackForm) => {
    setForm(next)
    setError(undefined)
    void keepDraft(uid, what, next)
  }

  const send = () => {
    const parsed = v.safeParse(feedbackSchema, { orderId: view.orderId, ...form })
    if (!parsed.success) return setError(parsed.issues[0].message)
    void sending.run(parsed.output)
  }

  return (
    <section aria-labelledby="feedback" className={flow({ gap: '4' })}>
      <h2 id="feedback" className={heading({ level: 'section' })}>
        How was the evening?
      </h2>
      {restored ? <p className={text({ tone: 'muted' })}>Restored what you typed on this device.</p> : null}
      <SingleChoiceCards
        label="Your rating"
        options={RATING_OPTIONS}
        value={form.rating === undefined ? undefined : String(form.rating)}
        onChange={(value) => change({ ...form, rating: Number(value) })}
        invalid={error === AFTER_MESSAGES.ratingRequired}
      />
      <TextAreaField
        label="Anything you want to tell us? (optional)"
        value={form.comment}
        rows={4}
        maxLength={COMMENT_MAX}
        hint={`${form.comment.length} of ${COMMENT_MAX} characters. Your host reads it, without your name.`}
        onChange={(event) => change({ ...form, comment: event.target.value })}
      />
      <MultiChoiceCards
        label="What could be better? (optional)"
        options={IMPROVE_CHOICES}
        value={form.improve}
        onChange={(value) => change({ ...form, improve: value as ImproveOption[] })}
      />
      <ErrorLine error={error} />
      <Button loading={sending.busy} loadingText="Sending…" onClick={send} className={css({ justifySelf: 'start' })}>
        {view.feedback ? 'Update feedback' : 'Send feedback'}
      </Button>
    </section>
  )
}
