import { definePattern } from '@pandacss/dev'

/**
 * Vertical rhythm for a column of blocks (a page's heading, its paragraphs, its sections): each
 * child after the first sits `gap` below the one before. The spacing belongs to the column, so the
 * blocks themselves carry no margins; unlike a flex stack, children keep their own width (a button
 * stays as wide as its label).
 */
export const flowPattern = definePattern({
  description: 'Each child after the first sits `gap` below the one before.',
  properties: { gap: { type: 'token', value: 'spacing' } },
  transform(props) {
    const { gap = '4', ...rest } = props
    return { '& > * + *': { marginBlockStart: gap }, ...rest }
  },
})
