/** Turns Valibot issues into one readable sentence for an `invalid-argument` answer. */
import type { BaseIssue } from 'valibot'
import { getDotPath } from 'valibot'

export function describeIssues(issues: readonly BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = getDotPath(issue)
      return path ? `${path}: ${issue.message}` : issue.message
    })
    .join('; ')
}
