/**
 * `GET /catalogue.json` (a Hosting rewrite to this function): the published catalogue, the one
 * document the app reads for its listing, event pages and tickets. Shared caches may keep it for
 * 30 s (`s-maxage`); a browser revalidates each time with the version's ETag, so a publish shows
 * on the next online visit and an unchanged catalogue costs a 304. The service worker keeps the
 * last copy for offline.
 */
import { onRequest } from 'firebase-functions/v2/https'
import { db } from '../lib/admin'
import { loadCatalogue } from '../lib/catalogue'
import { runOptions } from './sizing'

const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=30'

export const catalogueDocument = onRequest(runOptions('catalogueDocument'), async (request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.status(405).set('allow', 'GET, HEAD').send('GET only')
    return
  }
  const catalogue = (await loadCatalogue(db())).snapshot
  const etag = `"v${catalogue.version}"`
  response.set({ 'cache-control': CATALOGUE_CACHE_CONTROL, etag, vary: 'accept-encoding' })
  if (request.get('if-none-match') === etag) {
    response.status(304).end()
    return
  }
  response.status(200).type('application/json').send(JSON.stringify(catalogue))
})
