/**
 * A member's first name, the one way every screen, mail, pass and door reads it: the first word of
 * the name they gave, or undefined when they gave none (each place says what stands in for it:
 * "Hi," in a mail, "A guest" on an evening's page).
 */
export function firstNameOf(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined
  return name.trim().split(/\s+/)[0] || undefined
}
