/** Types for @cashfreepayments/cashfree-js 1.0.7, which ships none. */
declare module '@cashfreepayments/cashfree-js' {
  export interface CheckoutResult {
    error?: { message: string; code?: string }
    redirect?: boolean
    paymentDetails?: { paymentMessage?: string }
  }
  export interface CashfreeCheckout {
    checkout(options: {
      paymentSessionId: string
      redirectTarget?: '_self' | '_blank' | '_top' | '_modal' | HTMLElement
      returnUrl?: string
    }): Promise<CheckoutResult>
  }
  /** Resolves window.Cashfree(options), loading Cashfree's script first unless window.Cashfree exists. */
  export function load(options: { mode: 'sandbox' | 'production' }): Promise<CashfreeCheckout | null>
}
