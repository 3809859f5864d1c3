/** An event's uploaded cover: its two pictures and how one is found from the other. Pure, no imports. */

/**
 * An uploaded cover is stored twice: as a 960 px WebP (16:9) for the pages, which show a cover at
 * most 800 px wide, and as a 1200 x 630 JPEG for link previews and search engines (they want a
 * JPEG or PNG of that shape). Both share a name but for their ending, so the preview of a cover is
 * found from its address alone (`coverPreviewOf`).
 */
export const COVER_WIDTH = 960
const COVER_ENDING = `-${COVER_WIDTH}.webp`
const PREVIEW_ENDING = '-1200x630.jpg'
/** The store's names of an upload's two pictures. */
export const coverFiles = (base: string) => ({ cover: `${base}${COVER_ENDING}`, preview: `${base}${PREVIEW_ENDING}` })

/** The link-preview JPEG of an uploaded cover's address (query kept), or undefined for another address. */
export function coverPreviewOf(image: string): string | undefined {
  const ending = /-960\.webp(?=\?|$)/
  return /^https?:\/\//.test(image) && ending.test(image) ? image.replace(ending, PREVIEW_ENDING) : undefined
}
