/**
 * One Insights chart, drawn by Chart.js on a canvas: only the Insights page loads this module (and
 * Chart.js with it), lazily. The canvas is an image to a screen reader, named after the chart; the
 * table beside it (series-figure.tsx) holds the same numbers for reading.
 */
import { formatValue, type Series } from '@yaari/domain/insight-series'
import * as chartJs from 'chart.js'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'

// Only the parts these charts draw with are registered, and so bundled: each is named once, read
// off the namespace (member by member, which the bundler still shakes; destructuring it would not).
chartJs.Chart.register(
  chartJs.BarController,
  chartJs.BarElement,
  chartJs.CategoryScale,
  chartJs.Legend,
  chartJs.LinearScale,
  chartJs.LineController,
  chartJs.LineElement,
  chartJs.PointElement,
  chartJs.Tooltip,
)

/**
 * Colours apart for most kinds of colour blindness (Okabe and Ito's palette), each darkened to 3:1
 * or more on white (WCAG 1.4.11); lines also differ by their points and dashes, so no series is told
 * by colour alone.
 */
const PALETTE = ['#0072B2', '#B84A00', '#007A5A', '#A8507F', '#8A6000', '#2E6E99', '#000000']
const POINTS = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot', 'line'] as const
const DASHES = [[], [6, 4], [2, 3], [10, 3, 2, 3]]

const frame = css({ position: 'relative', height: '240px', width: '100%' })

/**
 * The axis of a chart's keys, titled as its table's first column ("Date", "Week of", "Event"): a
 * week's bar is labelled by its Monday, which alone would read as one day.
 */
export const xAxis = (series: Pick<Series, 'keyHeading'>) => ({
  title: { display: true, text: series.keyHeading },
  ticks: { maxRotation: 0, autoSkipPadding: 8 },
})

export default function InsightChart({ series }: { series: Series }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return
    const money = series.unit === 'paise'
    const chart = new chartJs.Chart(canvas.current, {
      type: series.kind,
      data: {
        labels: series.labels,
        datasets: series.datasets.map((dataset, i) => ({
          label: dataset.label,
          data: dataset.values.map((value) => (value === null ? null : money ? value / 100 : value)),
          borderColor: PALETTE[i % PALETTE.length],
          backgroundColor: PALETTE[i % PALETTE.length],
          pointStyle: POINTS[i % POINTS.length],
          pointRadius: 4,
          borderDash: series.kind === 'line' ? DASHES[Math.floor(i / PALETTE.length + i) % DASHES.length] : [],
          spanGaps: true,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12, usePointStyle: series.kind === 'line' } },
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label}: ${formatValue(series.unit, money ? Math.round((item.parsed.y ?? 0) * 100) : item.parsed.y)}`,
            },
          },
        },
        scales: {
          x: xAxis(series),
          y: {
            beginAtZero: true,
            ...(series.unit === 'percent' ? { max: 100 } : series.unit === 'rating' ? { max: 5 } : {}),
            ticks: {
              callback: (value) => formatValue(series.unit, money ? Number(value) * 100 : Number(value)),
            },
          },
        },
      },
    })
    return () => chart.destroy()
  }, [series])
  return (
    <div className={frame}>
      <canvas ref={canvas} role="img" aria-label={`${series.title}: a chart. The table below has its numbers.`} />
    </div>
  )
}
