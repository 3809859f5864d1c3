/**
 * What hosts run the night with: roles, a date's numbers and guest list, and the actions a host
 * takes on a date (venue, capacity, sales, cancel, message, moderate). Roles are Firebase Auth custom
 * claims that only the server reads from the verified token: `admin: true` (every city, grants
 * roles) and `host_cities: ['bangalore', ...]`. The browser reads the same claims only to show the
 * menu. The module is in four parts: the requests (host/schemas.ts), the callables
 * (host/contracts.ts), what the console shows (host/views.ts) and the guest list's CSV (host/csv.ts).
 */

export * from './host/contracts'
export * from './host/csv'
export * from './host/schemas'
export * from './host/views'
export { isHost, mayHost, type Roles, rolesOf } from './roles'
