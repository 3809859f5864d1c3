// @ts-check
/**
 * The accounts `npm start` makes on the local stack so a newcomer can open the host console at
 * once: an admin and a Bangalore host, each with a finished profile. Made through the Auth
 * emulator's REST API (the role as a custom claim, as `npm run grant-role` sets it) and the
 * saveProfile function, as a member's own onboarding would save it.
 */
import { functionUrl, HOST, PROJECT_ID, stackPorts } from './config.mjs'

export const DEMO_ACCOUNTS = [
  { email: 'admin@yaari.test', password: 'yaari-admin-1', name: 'Meera Admin', claims: { admin: true } },
  { email: 'host@yaari.test', password: 'yaari-host-1', name: 'Kabir Host', claims: { host_cities: ['bangalore'] } },
]

/** @param {string} url @param {unknown} body @param {Record<string, string>} [headers] */
async function post(url, body, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

/** Makes the demo accounts (an account already there is given its role and profile again). */
export async function makeDemoAccounts(ports = stackPorts(), appUrl = `http://${HOST}:${ports.app}`) {
  const auth = `http://${HOST}:${ports.auth}/identitytoolkit.googleapis.com/v1`
  for (const account of DEMO_ACCOUNTS) {
    const signIn = { email: account.email, password: account.password, returnSecureToken: true }
    const made = await post(`${auth}/accounts:signUp?key=demo-api-key`, { ...signIn, displayName: account.name }).catch(
      () => post(`${auth}/accounts:signInWithPassword?key=demo-api-key`, signIn),
    )
    await post(
      `${auth}/projects/${PROJECT_ID}/accounts:update`,
      { localId: made.localId, emailVerified: true, customAttributes: JSON.stringify(account.claims) },
      { authorization: 'Bearer owner' },
    )
    await post(
      functionUrl('saveProfile', ports.functions),
      {
        data: {
          mobile: '9876543210',
          name: account.name,
          dateOfBirth: '1990-04-12',
          gender: 'prefer-not-to-say',
          interests: ['brunch', 'art'],
          location: 'Indiranagar',
          profession: 'business',
        },
      },
      { authorization: `Bearer ${made.idToken}`, origin: appUrl },
    )
  }
  return DEMO_ACCOUNTS
}
