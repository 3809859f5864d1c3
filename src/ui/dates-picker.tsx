/**
 * Several days picked on a calendar shown in the page (Ark UI DatePicker, inline, multiple): a
 * tap (or Enter on the focused day; the arrow keys move between days) adds or removes a day. The
 * days a caller marks (`marked`, e.g. an event's weekly dates) carry a dot, so a one-off date or a
 * skipped one is seen among them. The chosen days are listed below the calendar, each with a
 * button that removes it, so a screen reader hears what is chosen without walking the grid.
 * Dates are "YYYY-MM-DD" strings in and out.
 */
import { DatePicker, parseDate } from '@ark-ui/react/date-picker'
import { formatShortDate } from '@yaari/domain/schedule'
import { useEffect, useRef, useState } from 'react'
import { cx } from 'styled-system/css'
import { wrap } from 'styled-system/patterns'
import { chip, datePicker, field, text } from 'styled-system/recipes'

export interface DatesPickerProps {
  label: string
  /** The chosen days, "YYYY-MM-DD". */
  value: readonly string[]
  onChange: (dates: string[]) => void
  /** The first and last days that may be chosen, "YYYY-MM-DD". */
  min: string
  max: string
  /** Whether a day gets the calendar's dot. */
  marked?: (date: string) => boolean
  /** What the dot means, said under the calendar. */
  markedMeaning?: string
  hint?: string
  error?: string
  disabled?: boolean
}

/** A string that is a day of the calendar, as the picker takes it; undefined otherwise. */
function dayOf(date: string) {
  try {
    return parseDate(date)
  } catch {
    return undefined
  }
}

export function DatesPicker({
  label,
  value,
  onChange,
  min,
  max,
  marked = () => false,
  markedMeaning,
  hint,
  error,
  disabled,
}: DatesPickerProps) {
  const styles = datePicker()
  const messages = field()
  // A removed day's button leaves the page: focus moves to the next chosen day's, or the calendar's day.
  const rootRef = useRef<HTMLDivElement>(null)
  const [removedAt, setRemovedAt] = useState<number>()
  useEffect(() => {
    if (removedAt === undefined) return
    setRemovedAt(undefined)
    const root = rootRef.current
    const removers = root?.querySelectorAll<HTMLButtonElement>('ul button')
    const next = removers?.[Math.min(removedAt, removers.length - 1)]
    ;(next ?? root?.querySelector<HTMLElement>('[data-part="table-cell-trigger"][tabindex="0"]'))?.focus()
  }, [removedAt])
  const chosen = value.flatMap((date) => dayOf(date) ?? [])
  const first = dayOf(min)
  const last = dayOf(max)
  return (
    <DatePicker.Root
      inline
      selectionMode="multiple"
      locale="en-IN"
      timeZone="Asia/Kolkata"
      value={chosen}
      onValueChange={({ value: picked }) => onChange(picked.map((day) => day.toString()).sort())}
      {...(first ? { min: first, defaultFocusedValue: chosen[0] ?? first } : {})}
      {...(last ? { max: last } : {})}
      disabled={disabled}
      ref={rootRef}
      className={styles.root}
      data-invalid={error ? '' : undefined}
      role="group"
      aria-label={label}
    >
      <DatePicker.Label className={styles.label}>{label}</DatePicker.Label>
      <DatePicker.Content className={styles.content}>
        <DatePicker.View view="day">
          <DatePicker.Context>
            {(picker) => (
              <>
                <DatePicker.ViewControl className={styles.viewControl}>
                  <DatePicker.PrevTrigger className={styles.prevTrigger} aria-label="Previous month">
                    <span aria-hidden="true">‹</span>
                  </DatePicker.PrevTrigger>
                  <DatePicker.RangeText className={styles.rangeText} />
                  <DatePicker.NextTrigger className={styles.nextTrigger} aria-label="Next month">
                    <span aria-hidden="true">›</span>
                  </DatePicker.NextTrigger>
                </DatePicker.ViewControl>
                <DatePicker.Table className={styles.table}>
                  <DatePicker.TableHead>
                    <DatePicker.TableRow>
                      {picker.weekDays.map((day) => (
                        <DatePicker.TableHeader key={day.long} className={styles.tableHeader}>
                          {day.narrow}
                        </DatePicker.TableHeader>
                      ))}
                    </DatePicker.TableRow>
                  </DatePicker.TableHead>
                  <DatePicker.TableBody>
                    {picker.weeks.map((week) => (
                      <DatePicker.TableRow key={week[0]?.toString()}>
                        {week.map((day) => (
                          <DatePicker.TableCell key={day.toString()} value={day} className={styles.tableCell}>
                            <DatePicker.TableCellTrigger
                              className={styles.tableCellTrigger}
                              data-weekly={marked(day.toString()) ? '' : undefined}
                            >
                              {day.day}
                            </DatePicker.TableCellTrigger>
                          </DatePicker.TableCell>
                        ))}
                      </DatePicker.TableRow>
                    ))}
                  </DatePicker.TableBody>
                </DatePicker.Table>
              </>
            )}
          </DatePicker.Context>
        </DatePicker.View>
      </DatePicker.Content>
      {markedMeaning ? <p className={text({ size: 'sm', tone: 'muted' })}>{markedMeaning}</p> : null}
      {value.length ? (
        <ul aria-label={`${label}: chosen`} className={wrap({ gap: '2' })}>
          {value.map((date, i) => (
            <li key={date} className={chip({ variant: 'subtle' }).root}>
              {dayOf(date) ? formatShortDate(date) : date}
              <button
                type="button"
                disabled={disabled}
                className={cx(text({ weight: 'semibold' }))}
                aria-label={`Remove ${dayOf(date) ? formatShortDate(date) : date}`}
                onClick={() => {
                  onChange(value.filter((other) => other !== date))
                  setRemovedAt(i)
                }}
              >
                <span aria-hidden="true"> ✕</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className={messages.errorText}>
          {error}
        </p>
      ) : hint ? (
        <p className={messages.helperText}>{hint}</p>
      ) : null}
    </DatePicker.Root>
  )
}
