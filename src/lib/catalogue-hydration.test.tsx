// @vitest-environment happy-dom
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, it } from 'vitest'
import { installCatalogue, useCatalogue } from './catalogue'

/** What a page shows of the catalogue: here, its cities. */
function Cities() {
  const { snapshot } = useCatalogue()
  return (
    <ul>
      {snapshot.cities.map((city) => (
        <li key={city.id}>{city.name}</li>
      ))}
    </ul>
  )
}

it('takes over a page as it was written when a newer catalogue arrived first, then shows the newer', async () => {
  // The page the phone kept, written before the team added a city.
  installCatalogue(SEED_CATALOGUE)
  const root = document.createElement('div')
  root.innerHTML = renderToString(<Cities />)
  document.body.append(root)
  // As main.tsx starts: the page's catalogue, then (a fast answer) the one published since.
  installCatalogue(SEED_CATALOGUE, { asWritten: true })
  installCatalogue({
    ...SEED_CATALOGUE,
    version: SEED_CATALOGUE.version + 1,
    cities: [...SEED_CATALOGUE.cities, { id: 'pune', name: 'Pune', live: true }],
  })

  const mismatches: unknown[] = []
  await act(async () => {
    hydrateRoot(root, <Cities />, { onRecoverableError: (error) => mismatches.push(error) })
  })
  expect(mismatches).toEqual([])
  expect(root.textContent).toContain('Pune')
})
