import type { VenueBrief } from '@yaari/domain/booking'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'

/** The exact venue, once the team has shared it: name, address, a map link and any tips. */
export function VenueBriefDetails({ brief }: { brief: VenueBrief }) {
  return (
    <>
      <strong>{brief.venueName}</strong>
      <br />
      {brief.address}
      {brief.mapsUrl ? (
        <>
          <br />
          <a href={brief.mapsUrl} target="_blank" rel="noopener noreferrer" className={link()}>
            Open in Maps
          </a>
        </>
      ) : null}
      {brief.notes ? <p className={css({ mt: '1', color: 'fg.muted' })}>{brief.notes}</p> : null}
    </>
  )
}
