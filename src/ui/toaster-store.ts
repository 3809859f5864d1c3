/**
 * The app's one toast queue (at most 3, 4 seconds by default). A second toast stacks behind the
 * first rather than adding a row, so on a phone two never cover a page's headings. At the top: a
 * phone's dialogs are sheets from the bottom, whose Continue a toast there would cover.
 * Features call `toaster.success(...)`/`toaster.error(...)`; <AppToaster /> renders them.
 */
import { createToaster } from '@ark-ui/react/toast'

export const toaster = createToaster({
  placement: 'top',
  max: 3,
  duration: 4000,
  overlap: true,
  gap: 12,
})
