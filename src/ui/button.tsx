import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { styled } from 'styled-system/jsx'
import { button } from 'styled-system/recipes'

const StyledButton = styled(ark.button, button)

export interface ButtonProps extends ComponentProps<typeof StyledButton> {
  /**
   * Shows the busy state: the button is disabled and announced as busy.
   * @default false
   */
  loading?: boolean
  /** Text shown while loading, e.g. "Processing Payment...". Defaults to the children. */
  loadingText?: string
}

/** The app's button. For a link that looks like a button, use `buttonLink(...)` on a Link. */
export function Button({ loading = false, loadingText, disabled, children, type = 'button', ...props }: ButtonProps) {
  return (
    <StyledButton type={type} disabled={loading || disabled} aria-busy={loading || undefined} {...props}>
      {loading && loadingText ? loadingText : children}
    </StyledButton>
  )
}

/** Class names that make a router Link or an anchor look like a Button. */
export { button as buttonLink } from 'styled-system/recipes'
