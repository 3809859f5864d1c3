/**
 * The team as Firebase Authentication knows it now: the hosts of a city and the admins, with the
 * name each is shown by. Read from the accounts' custom claims (the roles grant-role sets), so a
 * role taken away stops counting at once; a few dozen accounts, read a page at a time.
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

/** The city's hosts and the admins, as their accounts say now (disabled accounts left out). */
export async function staffOf(auth: AccountLister, catalogue: Catalogue, city: City): Promise<Staff> {
  const staff: Staff = { hosts: [], admins: [] }
  let pageToken: string | undefined
  do {
    const page = await auth.listUsers(1000, pageToken)
    for (const user of page.users) {
      if (user.disabled) continue
      const roles = rolesOf(catalogue, user.customClaims)
      const member = { uid: user.uid, name: nameOf(user) }
      if (roles.admin) staff.admins.push(member)
      if (roles.admin || roles.hostCities.includes(city)) staff.hosts.push(member)
    }
    pageToken = page.pageToken
  } while (pageToken)
  return staff
}
