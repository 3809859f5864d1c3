import { useEffect } from 'react'
import { SITE } from '../domain/site'

/** Sets the document title ("{page} | Yaari") and meta description for the current page. */
export function usePageMeta({ title, description }: { title: string; description: string }): void {
  useEffect(() => {
    document.title = title === SITE.productName ? title : `${title} | ${SITE.productName}`
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description
  }, [title, description])
}
