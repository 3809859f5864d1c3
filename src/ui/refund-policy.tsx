import { REFUND_POLICY } from '@yaari/domain/refund-policy'
import { css } from 'styled-system/css'

/** The refund policy as one list, wherever a page shows it (event, help, privacy, terms). */
export function RefundPolicyList() {
  return (
    <ul className={css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1' })}>
      {REFUND_POLICY.tiers.map((tier) => (
        <li key={tier.minHoursBefore}>{tier.label}</li>
      ))}
      <li>{REFUND_POLICY.cancelledByUs}</li>
      <li>{REFUND_POLICY.processing}</li>
    </ul>
  )
}
