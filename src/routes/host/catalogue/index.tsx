import { createFileRoute } from '@tanstack/react-router'
import { CataloguePage } from '../../../features/host/catalogue/catalogue-page'

/** The catalogue's events and cities, as the team edits them. */
export const Route = createFileRoute('/host/catalogue/')({ component: CataloguePage })
