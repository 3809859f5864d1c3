/** The way to sign in from a page of a member's own things (their ticket, bookings, profile, evenings). */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { button } from 'styled-system/recipes'
import { LOGIN_LINK } from '../lib/paths'

export function SignInLink() {
  return (
    <Link to={LOGIN_LINK.to} className={button({ size: 'lg' })}>
      Sign in
    </Link>
  )
}

/** What the page would show, and the way in: "Sign in to see your ticket." and the button. */
export function SignInPrompt({ children }: { children: ReactNode }) {
  return (
    <>
      <p>{children}</p>
      <SignInLink />
    </>
  )
}
