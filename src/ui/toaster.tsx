import { Toast, Toaster } from '@ark-ui/react/toast'
import { toast as toastRecipe } from 'styled-system/recipes'
import { toaster } from './toaster-store'

/**
 * Renders the toast queue as a polite live region. Mounted once, in the root layout. A toast is
 * read out and goes by itself, so it is no tab stop (neither it nor its ✕): Tab goes from the
 * control pressed to the next one on the page, not to a notice about to vanish.
 */
export default function AppToaster() {
  const styles = toastRecipe()
  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        <Toast.Root key={toast.id} className={styles.root} tabIndex={-1}>
          {toast.title ? <Toast.Title className={styles.title}>{toast.title}</Toast.Title> : null}
          {toast.description ? (
            <Toast.Description className={styles.description}>{toast.description}</Toast.Description>
          ) : null}
          <Toast.CloseTrigger className={styles.closeTrigger} aria-label="Dismiss notification" tabIndex={-1}>
            <span aria-hidden="true">✕</span>
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  )
}
