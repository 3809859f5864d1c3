import { moneySeries } from '@yaari/domain/insight-series'
import { expect, it } from 'vitest'
import { xAxis } from './insight-chart'

it("titles a chart's axis as its table's first column: a week's bar says it is a week", () => {
  const series = moneySeries([])
  expect(series.keyHeading).toBe('Week of')
  expect(xAxis(series).title).toEqual({ display: true, text: 'Week of' })
})
