import { createFileRoute } from '@tanstack/react-router'
import { PressPage } from '../features/info-pages/press-page'

export const Route = createFileRoute('/press')({ component: PressPage })
