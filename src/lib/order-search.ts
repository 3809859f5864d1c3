/** The `?order_id=` of the pages Cashfree's checkout returns to: a string, or nothing. */
export function orderIdSearch(search: Record<string, unknown>): { order_id?: string } {
  return typeof search.order_id === 'string' ? { order_id: search.order_id } : {}
}
