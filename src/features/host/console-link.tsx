/** The way back to the host console's first page, at the top of each console page. */
import { Link } from '@tanstack/react-router'
import { link } from 'styled-system/recipes'

export function BackToConsole() {
  return (
    <Link to="/host" className={link()}>
      ← Host console
    </Link>
  )
}
