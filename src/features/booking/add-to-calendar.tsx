/** 'Add to calendar' on the device: the booking's .ics file offered as a download. */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { bookingCalendar } from '@yaari/domain/ics'
import { Button, type ButtonProps } from '../../ui/button'

/** Offers the file for download in the browser. */
function downloadCalendar(filename: string, contents: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type: 'text/calendar;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: filename })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function AddToCalendarButton({
  event,
  booking,
  ...props
}: { event: YaariEvent; booking: { eventDate: string; orderId: string } } & Omit<ButtonProps, 'onClick'>) {
  return (
    <Button
      variant="outline"
      {...props}
      onClick={() =>
        downloadCalendar(`yaari-${booking.eventDate}.ics`, bookingCalendar(event, booking.eventDate, booking.orderId))
      }
    >
      Add to calendar
    </Button>
  )
}
