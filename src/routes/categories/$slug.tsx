import { createFileRoute, notFound } from '@tanstack/react-router'
import { categoryPage } from '../../domain/categories'
import { CategoryPage } from '../../features/categories/category-page'

export const Route = createFileRoute('/categories/$slug')({
  beforeLoad: ({ params }) => {
    if (!categoryPage(params.slug)) throw notFound()
  },
  component: CategoryPage,
})
