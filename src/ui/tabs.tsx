/**
 * Tabs (Ark UI's: a list of triggers, one panel shown at a time) in one of the app's two looks:
 * `line`, underlined, for forms (sign in or sign up); `segment`, large buttons, for a tool used with
 * one hand (the door's scan or by name). The first panel is shown at first.
 */
import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import type { ReactNode } from 'react'
import { tabs } from 'styled-system/recipes'

const LOOKS = { line: tabs({ variant: 'line' }), segment: tabs({ variant: 'segment' }) }

export interface TabPanel {
  value: string
  /** The trigger's text. */
  label: ReactNode
  content: ReactNode
}

export function Tabs({
  look,
  label,
  panels,
  mountShownOnly = false,
}: {
  look: keyof typeof LOOKS
  /** The list's accessible name, where the tabs' own labels do not say what they choose between. */
  label?: string
  panels: readonly TabPanel[]
  /** A panel's content is mounted only while it is shown (a camera stops when its tab is left). */
  mountShownOnly?: boolean
}) {
  const styles = LOOKS[look]
  return (
    <ArkTabs.Root
      defaultValue={panels[0]?.value}
      lazyMount={mountShownOnly}
      unmountOnExit={mountShownOnly}
      className={styles.root}
    >
      <ArkTabs.List aria-label={label} className={styles.list}>
        {panels.map((panel) => (
          <ArkTabs.Trigger key={panel.value} value={panel.value} className={styles.trigger}>
            {panel.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {panels.map((panel) => (
        <ArkTabs.Content key={panel.value} value={panel.value} className={styles.content}>
          {panel.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  )
}
