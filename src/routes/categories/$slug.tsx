import { createFileRoute, notFound } from '@tanstack/react-router'
import { isCategoryPageSlug } from '@yaari/domain/categories'
import { CategoryPage } from '../../features/categories/category-page'

export const Route = createFileRoute('/categories/$slug')({
  beforeLoad: ({ params }) => {
    if (!isCategoryPageSlug(params.slug)) throw notFound()
  },
  component: CategoryPage,
})
