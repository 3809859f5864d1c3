/** A bulleted list of short texts (what happens next, tips, what to expect), each its own key. */
import { bullets } from 'styled-system/recipes'

export function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className={bullets()}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}
