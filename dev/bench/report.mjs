// @ts-check
/**
 * The benchmark as a page a person can open (.tmp/bench/bench.html): one horizontal bar chart per
 * measurement, drawn as inline SVG (no script, no network), each bar beside its budget.
 */

/** @param {unknown} text */
const esc = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const WITHIN = '#546e7a'
const MISS = '#c62828'

/**
 * @typedef {{ label: string, value: number, budget?: number }} Row
 * @param {{ title: string, unit: string, rows: Row[], note?: string }} chart
 */
export function barChart({ title, unit, rows, note }) {
  const labelWidth = 300
  const width = 780
  const anyOver = rows.some((row) => row.budget !== undefined && row.value > row.budget)
  // Room right of the longest bar for its value (and the words "over budget").
  const barArea = width - labelWidth - (anyOver ? 190 : 90)
  const rowHeight = 28
  const max = Math.max(1, ...rows.flatMap((row) => [row.value, row.budget ?? 0])) * 1.05
  const x = (/** @type {number} */ value) => labelWidth + (value / max) * barArea
  const bars = rows
    .map((row, i) => {
      const y = 10 + i * rowHeight
      const over = row.budget !== undefined && row.value > row.budget
      const budget =
        row.budget === undefined
          ? ''
          : `<line x1="${x(row.budget)}" x2="${x(row.budget)}" y1="${y - 3}" y2="${y + 21}" stroke="#111" stroke-dasharray="3 2"><title>budget ${esc(row.budget)} ${esc(unit)}</title></line>`
      // Within budget: slate; over it: red, and said in words (colour is not the only sign).
      return (
        `<text x="${labelWidth - 8}" y="${y + 14}" text-anchor="end">${esc(row.label)}</text>` +
        `<rect x="${labelWidth}" y="${y}" width="${Math.max(1, x(row.value) - labelWidth)}" height="18" fill="${over ? MISS : WITHIN}" rx="2"></rect>` +
        `<text x="${x(row.value) + 6}" y="${y + 14}"${over ? ` fill="${MISS}" font-weight="600"` : ''}>${esc(row.value)} ${esc(unit)}${over ? ' over budget' : ''}</text>${budget}`
      )
    })
    .join('')
  const height = 20 + rows.length * rowHeight
  return (
    `<section><h2>${esc(title)}</h2>${note ? `<p>${esc(note)}</p>` : ''}` +
    `<svg role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="100%" font-size="13" font-family="system-ui, sans-serif">${bars}</svg></section>`
  )
}

/**
 * @param {{ generatedAt: string, charts: Parameters<typeof barChart>[0][], misses?: string[] }} report (no misses: budgets not checked)
 */
export function benchReportHtml({ generatedAt, charts, misses }) {
  const verdict = !misses
    ? '<p>Small inputs (<code>--smoke</code>): no budget checked.</p>'
    : misses.length
      ? `<p class="miss">Budgets missed:</p><ul>${misses.map((m) => `<li>${esc(m)}</li>`).join('')}</ul>`
      : '<p class="ok">Every budget holds.</p>'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Yaari benchmark</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}
h2{font-size:1.1rem;margin-top:2rem}.ok{color:#1b5e20;font-weight:600}.miss{color:#c62828;font-weight:600}
p{color:#444}</style></head><body>
<h1>Yaari benchmark</h1><p>${esc(generatedAt)}. Dashed lines are budgets; a red bar, marked “over budget”, missed its budget.</p>
${verdict}
${charts.map(barChart).join('\n')}
</body></html>
`
}
