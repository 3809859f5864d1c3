import { createFileRoute } from '@tanstack/react-router'
import { CareersPage } from '../features/info-pages/careers-page'

export const Route = createFileRoute('/careers')({ component: CareersPage })
