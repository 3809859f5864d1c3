import { Link } from '@tanstack/react-router'
import { BOOKING_MESSAGES } from '@yaari/domain/booking'
import { link } from 'styled-system/recipes'
import { MY_BOOKINGS_LINK } from '../../lib/paths'

/**
 * "You already have a seat on this date. See My bookings.", the server's words, with My bookings a
 * link: said on the date itself, and by the form if the server refuses a second seat.
 */
export function AlreadyBooked() {
  const [said] = BOOKING_MESSAGES.alreadyBooked.split(' See ')
  return (
    <>
      {said} See{' '}
      <Link to={MY_BOOKINGS_LINK.to} className={link()}>
        {MY_BOOKINGS_LINK.label}
      </Link>
      .
    </>
  )
}
