import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode, Ref } from 'react'
import { dialog } from 'styled-system/recipes'
import { Button } from './button'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /**
   * Accessible name of the close button.
   * @default 'Close'
   */
  closeLabel?: string
  /** What has focus when it opens (the safe choice of a destructive one); else its first control. */
  initialFocus?: () => HTMLElement | null
  /** The title, for a dialog whose content changes to move focus to it (so the change is announced). */
  titleRef?: Ref<HTMLHeadingElement>
}

/**
 * A modal dialog (Ark UI): focus is trapped inside, Escape and the close button close it,
 * focus returns to what opened it. Controlled, so the caller owns what "closing" clears.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  closeLabel = 'Close',
  initialFocus,
  titleRef,
}: DialogProps) {
  const styles = dialog()
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      initialFocusEl={initialFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          <ArkDialog.Content className={styles.content}>
            <ArkDialog.Title ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.title}>
              {title}
            </ArkDialog.Title>
            {description ? (
              <ArkDialog.Description className={styles.description}>{description}</ArkDialog.Description>
            ) : null}
            {children}
            <ArkDialog.CloseTrigger asChild className={styles.closeTrigger}>
              <Button variant="ghost" size="sm" aria-label={closeLabel}>
                <span aria-hidden="true">✕</span>
              </Button>
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  )
}
