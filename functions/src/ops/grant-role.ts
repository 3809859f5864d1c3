/**
 * `npm run grant-role -- --email <address> --role host|admin [--city bangalore] [--revoke]`
 *
 * Grants (or with --revoke takes away) a role, in GOOGLE_CLOUD_PROJECT with its application
 * default credentials: `host` for one published city at a time, `admin` for everything. The person's app
 * picks a grant up when it next refreshes its token (opening /host does); a revoke also signs them
 * out everywhere. `npm run grant-role` (dev/ops.mjs) points it at the local stack when unset.
 */
import { parseArgs } from 'node:util'
import { getAuth } from 'firebase-admin/auth'
import { getFirestore } from 'firebase-admin/firestore'
import { changeRole } from '../lib/roles'
import { adminProject } from './project'

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    city: { type: 'string' },
    revoke: { type: 'boolean', default: false },
  },
})

if (!values.email || (values.role !== 'host' && values.role !== 'admin')) {
  console.error('Usage: npm run grant-role -- --email <address> --role host|admin [--city bangalore] [--revoke]')
  process.exit(2)
}
adminProject('Not changed', 'grant-role')

changeRole(getAuth(), getFirestore(), {
  email: values.email,
  role: values.role,
  city: values.city,
  revoke: values.revoke,
}).then(
  ({ uid, claims }) =>
    console.log(`${values.revoke ? 'Revoked' : 'Granted'}: ${values.email} (${uid}) now has ${JSON.stringify(claims)}`),
  (error: Error) => {
    console.error(`Not changed: ${error.message}`)
    process.exitCode = 1
  },
)
