import type { ButtonHTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { type ButtonVariantProps, button } from 'styled-system/recipes'
import { useHydrated } from '../lib/hydration'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonVariantProps {
  /**
   * Shows the busy state: the button is disabled and announced as busy.
   * @default false
   */
  loading?: boolean
  /** Text shown while loading, e.g. "Processing Payment...". Defaults to the children. */
  loadingText?: string
}

/** The app's button. For a link that looks like a button, put `button(...)` on a Link. */
export function Button({
  loading = false,
  loadingText,
  disabled,
  children,
  type = 'button',
  variant,
  size,
  className,
  ...props
}: ButtonProps) {
  // On a prerendered page the button only works once the app has taken over.
  const hydrated = useHydrated()
  return (
    <button
      type={type}
      disabled={loading || disabled || !hydrated}
      aria-busy={loading || undefined}
      className={cx(button({ variant, size }), className)}
      {...props}
    >
      {loading && loadingText ? loadingText : children}
    </button>
  )
}
