/** The ways on from a booking's outcome (its success and failure pages): to the member's bookings, and to help. */
import { Link } from '@tanstack/react-router'
import { button } from 'styled-system/recipes'

/** The member's bookings, the action to take first. */
export function MyBookingsLink() {
  return (
    <Link to="/my-bookings" className={button({ size: 'lg' })}>
      My bookings
    </Link>
  )
}

/** The contact page, beside the action to take first. */
export function GetHelpLink() {
  return (
    <Link to="/contact" className={button({ size: 'lg', variant: 'outline' })}>
      Get Help
    </Link>
  )
}
