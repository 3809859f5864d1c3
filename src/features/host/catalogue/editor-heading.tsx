/** The event editor's way back to the catalogue, and its heading: the event's title and where it stands. */
import { Link } from '@tanstack/react-router'
import type { EditorEvent } from '@yaari/domain/catalogue-editor'
import { chip, heading, link, toolbar } from 'styled-system/recipes'

const STATUS_WORDS = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const

export function BackLink() {
  return (
    <Link to="/host/catalogue" className={link()}>
      ← Catalogue
    </Link>
  )
}

export function EditorHeading({ title, saved }: { title: string | undefined; saved: EditorEvent | undefined }) {
  const bar = toolbar()
  return (
    <div className={bar.root}>
      <h1 className={`${heading({ level: 'page' })} ${bar.title}`}>{title}</h1>
      {saved ? (
        <span className={chip({ variant: saved.status === 'published' ? 'subtle' : 'muted' }).root}>
          {saved.status === 'published' && saved.unpublishedChanges
            ? 'Published, with unpublished changes'
            : STATUS_WORDS[saved.status]}
        </span>
      ) : null}
    </div>
  )
}
