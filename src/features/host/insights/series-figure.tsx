/**
 * One Insights series shown three ways: its chart (Chart.js, loaded with the first chart, on this
 * page alone), its table (the same numbers, for reading and for a screen reader) and its CSV.
 */
import { formatValue, longRows, type Series, seriesCsv, seriesFilename } from '@yaari/domain/insight-series'
import { lazy, Suspense, useId } from 'react'
import { css } from 'styled-system/css'
import { flow } from 'styled-system/patterns'
import { button, heading, text } from 'styled-system/recipes'
import { saveFile } from '../../../lib/save-file'
import type { AskedInsights } from './insights-query'

const InsightChart = lazy(() => import('./insight-chart'))

const scroller = css({ overflowX: 'auto', maxWidth: '100%' })
const table = css({
  borderCollapse: 'collapse',
  fontSize: 'sm',
  minWidth: '100%',
  '& caption': { textAlign: 'start', fontWeight: 'semibold', paddingBlockEnd: '1' },
  '& th, & td': {
    borderBottomWidth: '1px',
    borderColor: 'border.default',
    paddingBlock: '1',
    paddingInline: '2',
    textAlign: 'end',
    whiteSpace: 'nowrap',
  },
  '& th[scope=row], & thead th:first-child': {
    textAlign: 'start',
    position: 'sticky',
    insetInlineStart: 0,
    bg: 'bg.surface',
  },
})
const eventCell = css({ textAlign: 'start!', whiteSpace: 'normal!' })

function SeriesTable({ series }: { series: Series }) {
  const caption = useId()
  const gaps = !series.long && series.datasets.some((dataset) => dataset.values.includes(null))
  return (
    <div className={flow({ gap: '1' })}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take the keyboard (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a group named by its table's caption, not a form's fieldset. */}
      <div className={scroller} role="group" aria-labelledby={caption} tabIndex={0}>
        <table className={table}>
          <caption id={caption}>{series.title}</caption>
          {series.long ? (
            <>
              <thead>
                <tr>
                  <th scope="col">{series.keyHeading}</th>
                  <th scope="col" className={eventCell}>
                    Event
                  </th>
                  <th scope="col">{series.long.valueHeading}</th>
                </tr>
              </thead>
              <tbody>
                {longRows(series).map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td className={eventCell}>{row.dataset}</td>
                    <td>{formatValue(series.unit, row.value)}</td>
                  </tr>
                ))}
              </tbody>
            </>
          ) : (
            <>
              <thead>
                <tr>
                  <th scope="col">{series.keyHeading}</th>
                  {series.datasets.map((dataset) => (
                    <th key={dataset.label} scope="col">
                      {dataset.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {series.labels.map((label, i) => (
                  <tr key={series.keys[i]}>
                    <th scope="row">{label}</th>
                    {series.datasets.map((dataset) => (
                      <td key={dataset.label}>{formatValue(series.unit, dataset.values[i] ?? null)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </table>
      </div>
      {gaps ? (
        <p className={text({ size: 'sm', tone: 'muted' })}>— : nothing to count (no evening of that event then).</p>
      ) : null}
    </div>
  )
}

/** A chart, its table and its CSV: the same numbers three ways. */
export function SeriesFigure({ series, query }: { series: Series; query: AskedInsights }) {
  const empty = series.keys.length === 0
  return (
    <div className={flow({ gap: '2' })}>
      <h3 className={heading({ level: 'sub' })}>{series.title}</h3>
      {empty ? (
        <p className={text({ tone: 'muted' })}>Nothing to show for this period.</p>
      ) : (
        <>
          <Suspense fallback={<p className={text({ size: 'sm', tone: 'muted' })}>Drawing the chart…</p>}>
            <InsightChart series={series} />
          </Suspense>
          <SeriesTable series={series} />
          <div>
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              aria-label={`Download CSV: ${series.title}`}
              onClick={() =>
                saveFile(seriesFilename(series, query.from, query.to), seriesCsv(series), 'text/csv;charset=utf-8')
              }
            >
              Download CSV
            </button>
          </div>
        </>
      )}
    </div>
  )
}
