import { createFileRoute } from '@tanstack/react-router'
import { CataloguePage } from '../../../features/host/catalogue/catalogue-page'
import { loadCatalogue } from '../../../features/host/host-loaders'

/** The catalogue's events and cities, as the team edits them. */
export const Route = createFileRoute('/host/catalogue/')({
  staticData: { hostPage: { title: 'Catalogue', description: 'The events and cities members can book.' } },
  loader: ({ context }) => loadCatalogue(context.host),
  component: function Catalogue() {
    return <CataloguePage {...Route.useLoaderData()} />
  },
})
