/**
 * Insights (/host/insights): how the business is doing across dates, events and cities, for an
 * admin (every city) or a host (their cities). One call reads the rollups of the period (a few
 * documents, never the bookings); every chart is drawn from the same series as the table under it
 * and its CSV. The charts' code (Chart.js) loads with the first chart, on this page alone. The
 * page's parts: the filters (filters.tsx), the numbers (report.tsx), each series (series-figure.tsx).
 */
import type { InsightsView } from '@yaari/domain/insights'
import { formatLongDate } from '@yaari/domain/schedule'
import { useEffect, useState } from 'react'
import { flow } from 'styled-system/patterns'
import { heading } from 'styled-system/recipes'
import { StatusNote } from '../../../ui/status-note'
import type { Answer } from '../answer'
import { BackToConsole } from '../console-link'
import { Filters } from './filters'
import type { AskedInsights, InsightsQuery } from './insights-query'
import { Report } from './report'

/** The numbers shown, and the request they answer (the filters may already say something else). */
interface Shown {
  asked: AskedInsights
  view?: InsightsView
  error?: string
}

/**
 * The page for the filters the address holds (`query`): `first` is the answer to `asked`, which the
 * route's loader asks again whenever the request changes (a newer one replaces an answer still on
 * its way). A choice of filter is `onAsk`, which writes it into the address.
 */
export function HostInsightsPage({
  first,
  asked,
  query,
  onAsk,
}: {
  first: Promise<Answer<InsightsView> | undefined>
  asked: AskedInsights
  query: InsightsQuery
  onAsk: (query: InsightsQuery) => void
}) {
  const [shown, setShown] = useState<Shown>({ asked })
  const [busy, setBusy] = useState(true)
  useEffect(() => {
    let live = true
    setBusy(true)
    void first.then((answer) => {
      if (!live || !answer) return
      setBusy(false)
      // A refusal keeps the numbers shown before it, and says why.
      setShown((was) => (answer.value ? { asked, view: answer.value } : { ...was, error: answer.error }))
    })
    return () => {
      live = false
    }
  }, [first, asked])
  const { view, error } = shown
  return (
    <div className={flow({ gap: '4' })}>
      <BackToConsole />
      <h1 className={heading({ level: 'page' })}>Insights</h1>
      <Filters view={view} query={query} onAsk={onAsk} busy={busy} />
      {error ? <p role="alert">{error}</p> : null}
      <StatusNote>
        {busy || (!view && !error)
          ? 'Loading the numbers…'
          : view
            ? `Showing ${formatLongDate(shown.asked.from)} to ${formatLongDate(shown.asked.to)}.`
            : ''}
      </StatusNote>
      {view ? <Report view={view} query={shown.asked} /> : null}
    </div>
  )
}
