import { documentTitle, type PageMeta } from '@yaari/domain/page-head'
import { useEffect } from 'react'

export type { PageMeta }

let prerendered: PageMeta | undefined

/** The title and description of the page just prerendered (the build writes them into <head>). */
export function takePrerenderedMeta(): PageMeta | undefined {
  const meta = prerendered
  prerendered = undefined
  return meta
}

/** Sets the document title ("{page} | Yaari") and meta description for the current page. */
export function usePageMeta({ title, description }: PageMeta): void {
  // Effects do not run in the build's prerender: it reads the page's meta from here instead.
  if (typeof document === 'undefined') prerendered = { title, description }
  useEffect(() => {
    document.title = documentTitle(title)
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description
  }, [title, description])
}
