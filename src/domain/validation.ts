/** Turns Valibot issues into one readable sentence for an `invalid-argument` answer. */
import type { BaseIssue } from 'valibot'
import { type GenericSchema, getDotPath, safeParse } from 'valibot'

export function describeIssues(issues: readonly BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = getDotPath(issue)
      return path ? `${path}: ${issue.message}` : issue.message
    })
    .join('; ')
}

/** The first message a schema gives for a value, or undefined when the value is valid. */
export function firstIssue(schema: GenericSchema, value: unknown): string | undefined {
  const result = safeParse(schema, value)
  return result.success ? undefined : result.issues[0].message
}
