/**
 * `npm run pass-key -- --kid <key id>`: makes a new Ed25519 key pair for members' passes and
 * prints where each half goes. Nothing is stored: the private key is shown once, for Secret
 * Manager. To rotate (docs/decisions/0011-signed-passes.md): add the new public key to the web
 * app's keys and deploy it first, then set the secret and deploy the functions; keep the old
 * public key listed until the last date it signed for has passed.
 */
import { parseArgs } from 'node:util'
import { isLocalPassKeyId, PASS_KEY_ID } from '@yaari/domain/pass'
import { newPassKey } from '../lib/pass-signer'

const { values } = parseArgs({ options: { kid: { type: 'string' } } })
const keyId = values.kid ?? ''
if (!PASS_KEY_ID.test(keyId) || isLocalPassKeyId(keyId)) {
  console.error('Usage: npm run pass-key -- --kid <1-8 letters, digits, _ or -, not starting with "dev">, e.g. k2')
  process.exit(2)
}
const { secret, publicEntry } = newPassKey(keyId)
console.log(`The functions' secret PASS_SIGNING_KEY (npx firebase functions:secrets:set PASS_SIGNING_KEY --project <id>):
  ${secret}

The web app's public key, added to VITE_PASS_PUBLIC_KEYS in .env.production.local (comma-separated, old keys kept):
  ${publicEntry}`)
