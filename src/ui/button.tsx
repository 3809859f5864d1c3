import type { ButtonHTMLAttributes, Ref } from 'react'
import { cx } from 'styled-system/css'
import { useHydrated } from '../lib/hydration'

export const BUTTON_VARIANTS = ['solid', 'outline', 'ghost', 'inverse'] as const
export const BUTTON_SIZES = ['sm', 'md', 'lg', 'tile'] as const

/**
 * The button recipe's class names for a variant and size, as Panda composes them
 * (button.test.tsx checks every pair against the recipe). Written out because the build resolves
 * a recipe call with computed arguments to a table of every pair, which every page would carry.
 */
export const buttonClass = (
  variant: (typeof BUTTON_VARIANTS)[number] = 'solid',
  size: (typeof BUTTON_SIZES)[number] = 'md',
) => `button button--variant_${variant} button--size_${size}`

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The button element (React 19 passes ref as a prop), e.g. to give focus back to it. */
  ref?: Ref<HTMLButtonElement>
  variant?: (typeof BUTTON_VARIANTS)[number]
  size?: (typeof BUTTON_SIZES)[number]
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
      className={cx(buttonClass(variant, size), className)}
      {...props}
    >
      {loading && loadingText ? loadingText : children}
    </button>
  )
}
