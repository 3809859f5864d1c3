/** Turns Valibot issues into one readable sentence for an `invalid-argument` answer. */
import * as v from 'valibot'

/** A function that takes no input accepts nothing, null or {}: anything else is a mistake. */
export const noInputSchema = v.nullish(v.strictObject({}, 'This function takes no input'))

/** Payload keys can be anything, even a megabyte long: they are cut so the reason stays readable. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)

export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = v
        .getDotPath(issue)
        ?.split('.')
        .map((key) => clip(key, 60))
        .join('.')
      return clip(path ? `${path}: ${issue.message}` : issue.message, 200)
    })
    .join('; ')
}

/** The first message a schema gives for a value, or undefined when the value is valid. */
export function firstIssue(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value)
  return result.success ? undefined : result.issues[0].message
}
