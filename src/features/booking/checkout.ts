/**
 * Cashfree's hosted checkout in the browser, through @cashfreepayments/cashfree-js (loaded
 * only when a member pays). The loader injects Cashfree's script unless window.Cashfree
 * already exists; locally a stand-in script (VITE_CASHFREE_SDK_URL) defines it first, so the
 * same call path opens the payment stand-in's checkout page.
 *
 * The environment (sandbox or production) is not the browser's to choose: it comes with the
 * session, from the functions' configuration, so the checkout always opens where the order is.
 */
import type { CashfreeMode } from '@yaari/domain/booking'
import { clientConfig } from '../../lib/client-config'

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`)
    if (existing && 'Cashfree' in window) return resolve()
    const script = existing ?? document.createElement('script')
    script.src = src
    script.addEventListener('load', () => resolve(), { once: true })
    script.addEventListener('error', () => reject(new Error('Failed to load Cashfree.js')), { once: true })
    if (!existing) document.head.append(script)
  })
}

/** Opens the checkout in this tab (redirectTarget '_self'); resolves with Cashfree's result. */
export async function openCheckout({ paymentSessionId, mode }: { paymentSessionId: string; mode: CashfreeMode }) {
  if (clientConfig.cashfreeSdkUrl) await loadScript(clientConfig.cashfreeSdkUrl)
  const { load } = await import('@cashfreepayments/cashfree-js')
  const cashfree = await load({ mode })
  if (!cashfree) throw new Error('Failed to load Cashfree.js')
  return cashfree.checkout({ paymentSessionId, redirectTarget: '_self' })
}
