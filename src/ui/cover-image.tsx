import { css, cx } from 'styled-system/css'

export interface CoverImageProps {
  src: string
  /**
   * Decorative by default: the card or page already names what it shows.
   * @default ''
   */
  alt?: string
  /**
   * Load when near the viewport; pass false for the image a page opens with (its LCP).
   * @default true
   */
  lazy?: boolean
  className?: string
}

/** The 8:5 illustration of an event or listing; its size is reserved so nothing shifts. */
export function CoverImage({ src, alt = '', lazy = true, className }: CoverImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={800}
      height={500}
      loading={lazy ? 'lazy' : undefined}
      className={cx(css({ w: 'full', h: 'auto', aspectRatio: '8 / 5', objectFit: 'cover' }), className)}
    />
  )
}
