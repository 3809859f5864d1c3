import type { ReactNode } from 'react'
import { wrap } from 'styled-system/patterns'
import { Button } from './button'
import { Dialog } from './dialog'

/** Asks before something that cannot be undone (blocking a guest, removing a connection, re-planning groups); 'Keep' backs out. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  busy,
  onConfirm,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  busy: boolean
  onConfirm: () => void
  /** The confirming button's words. */
  children: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className={wrap({ gap: '3', mt: '5' })}>
        <Button loading={busy} onClick={onConfirm}>
          {children}
        </Button>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Keep
        </Button>
      </div>
    </Dialog>
  )
}
