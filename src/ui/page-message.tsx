import type { ReactNode } from 'react'
import { message } from 'styled-system/recipes'

/**
 * A page that says one thing: its heading (the page's h1), what it means, any further sections
 * (`PageMessage.Section`), and the actions to take now.
 */
export function PageMessage({
  title,
  children,
  sections,
  actions,
}: {
  title: ReactNode
  children?: ReactNode
  sections?: ReactNode
  actions?: ReactNode
}) {
  const styles = message()
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {children ? <div className={styles.body}>{children}</div> : null}
      {sections}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </>
  )
}

/** A titled part of a message page, e.g. what happens next. */
PageMessage.Section = function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const styles = message()
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  )
}
