/**
 * The app's one toast queue (at most 3 visible, 4 seconds by default).
 * Features call `toaster.success(...)`/`toaster.error(...)`; <AppToaster /> renders them.
 */
import { createToaster } from '@ark-ui/react/toast'

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 3,
  duration: 4000,
  overlap: false,
  gap: 12,
})
