import { Toast, Toaster } from '@ark-ui/react/toast'
import { toast as toastRecipe } from 'styled-system/recipes'
import { toaster } from './toaster-store'

/** Renders the toast queue as a polite live region. Mounted once, in the root layout. */
export default function AppToaster() {
  const styles = toastRecipe()
  return (
    <Toaster toaster={toaster}>
      {(toast) => (
        <Toast.Root key={toast.id} className={styles.root}>
          {toast.title ? <Toast.Title className={styles.title}>{toast.title}</Toast.Title> : null}
          {toast.description ? (
            <Toast.Description className={styles.description}>{toast.description}</Toast.Description>
          ) : null}
          <Toast.CloseTrigger className={styles.closeTrigger} aria-label="Dismiss notification">
            <span aria-hidden="true">✕</span>
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  )
}
