/** 'Add to calendar' on the device: the booking's .ics file offered as a download. */
import type { YaariEvent } from '@yaari/domain/catalogue'
import { bookingCalendar } from '@yaari/domain/ics'
import { useCatalogue } from '../../lib/catalogue'
import { saveFile } from '../../lib/save-file'
import { Button, type ButtonProps } from '../../ui/button'

export function AddToCalendarButton({
  event,
  booking,
  ...props
}: { event: YaariEvent; booking: { eventDate: string; orderId: string } } & Omit<ButtonProps, 'onClick'>) {
  const catalogue = useCatalogue()
  return (
    <Button
      variant="outline"
      {...props}
      onClick={() =>
        saveFile(
          `yaari-${booking.eventDate}.ics`,
          bookingCalendar(catalogue, event, booking.eventDate, booking.orderId),
          'text/calendar;charset=utf-8',
        )
      }
    >
      Add to calendar
    </Button>
  )
}
