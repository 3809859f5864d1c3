/**
 * The team as Firebase Authentication knows it now: the hosts of a city and the admins, with the
 * name each is shown by. Read from the accounts' custom claims (the roles grant-role sets), so a
 * role taken away stops counting at once. Every account is read, a thousand a page: a screen that
 * polls (the date's help, every 1.5 s) may reuse a read of the last half minute instead, as telling
 * someone of an alert never does.
 */
import type { Catalogue, City } from '@yaari/domain/catalogue'
import { rolesOf } from '@yaari/domain/roles'

/** What is read of Firebase Authentication: its accounts, a page at a time (the Admin SDK's Auth is one). */
export interface AccountLister {
  listUsers(
    maxResults?: number,
    pageToken?: string,
  ): Promise<{
    users: {
      uid: string
      displayName?: string
      email?: string
      disabled: boolean
      customClaims?: Record<string, unknown>
    }[]
    pageToken?: string
  }>
}

export interface StaffMember {
  uid: string
  name: string
}

export interface Staff {
  /** Hosts of the city (admins included: they host everywhere). */
  hosts: StaffMember[]
  admins: StaffMember[]
}

const nameOf = (user: { displayName?: string; email?: string; uid: string }) =>
  user.displayName?.trim() || user.email?.split('@')[0] || user.uid

type Account = Awaited<ReturnType<AccountLister['listUsers']>>['users'][number]

/** A poll's reuse of the accounts as last read (per instance of the functions, per lister). */
export const POLL_REUSE_MS = 30_000
const lastRead = new WeakMap<AccountLister, { at: number; accounts: Account[] }>()

/** Every account that has a role (any account may have one: all are read). */
async function accountsWithRoles(auth: AccountLister): Promise<Account[]> {
  const accounts: Account[] = []
  let pageToken: string | undefined
  do {
    const page = await auth.listUsers(1000, pageToken)
    accounts.push(...page.users.filter((user) => !user.disabled && user.customClaims))
    pageToken = page.pageToken
  } while (pageToken)
  lastRead.set(auth, { at: Date.now(), accounts })
  return accounts
}

/**
 * The city's hosts and the admins, as their accounts say now (disabled accounts left out), or as
 * read at most `reuseWithinMs` ago.
 */
export async function staffOf(
  auth: AccountLister,
  catalogue: Catalogue,
  city: City,
  { reuseWithinMs = 0 }: { reuseWithinMs?: number } = {},
): Promise<Staff> {
  const last = lastRead.get(auth)
  const accounts = last && Date.now() - last.at < reuseWithinMs ? last.accounts : await accountsWithRoles(auth)
  const staff: Staff = { hosts: [], admins: [] }
  for (const user of accounts) {
    const roles = rolesOf(catalogue, user.customClaims)
    const member = { uid: user.uid, name: nameOf(user) }
    if (roles.admin) staff.admins.push(member)
    if (roles.admin || roles.hostCities.includes(city)) staff.hosts.push(member)
  }
  return staff
}
