import { createFileRoute } from '@tanstack/react-router'
import { CommunityPage } from '../features/info-pages/community-page'

export const Route = createFileRoute('/community')({ component: CommunityPage })
