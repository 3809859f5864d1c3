/**
 * Connections (/profile/connections): what the member shares with the people they connect with
 * (nothing by default; an Instagram handle, a WhatsApp number or an email), whether the guests of
 * their evenings see their photo, and every connection they have, each of which they may remove.
 */
import { Link } from '@tanstack/react-router'
import {
  CONTACT_KINDS,
  CONTACT_LABELS,
  type ConnectionView,
  type ContactKind,
  contactProblem,
  listConnectionsCall,
  removeConnectionCall,
  type Sharing,
  saveSharingCall,
} from '@yaari/domain/after-night'
import { formatLongDate } from '@yaari/domain/schedule'
import { useCallback, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { container, flow } from 'styled-system/patterns'
import { card, heading, link, text } from 'styled-system/recipes'
import { call, useAction } from '../../lib/call'
import { useCatalogue } from '../../lib/catalogue'
import { usePageMeta } from '../../lib/page-meta'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox'
import { SingleChoiceCards } from '../../ui/choice-cards'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { TextField } from '../../ui/field'
import { SignInLink } from '../../ui/sign-in'
import { showToast } from '../../ui/toast'
import { AFTER_WORDS } from './after-night-calls'
import { ErrorLine } from './error-line'
import type { loadConnections } from './loaders'
import { useSignedInLoad } from './use-signed-in-load'

const KIND_OPTIONS = CONTACT_KINDS.map((value) => ({ value, label: CONTACT_LABELS[value] }))
const PLACEHOLDERS: Record<ContactKind, string> = {
  none: '',
  instagram: '@your.handle',
  whatsapp: '98765 43210',
  email: 'you@example.com',
}

/** Where a shared contact opens: the Instagram profile, a WhatsApp chat, or a new email. */
function contactHref({ kind, value }: NonNullable<ConnectionView['contact']>): string {
  if (kind === 'instagram') return `https://www.instagram.com/${encodeURIComponent(value.replace(/^@/, ''))}/`
  if (kind === 'whatsapp') return `https://wa.me/91${value.replace(/\D/g, '').slice(-10)}`
  return `mailto:${value}`
}

function SharingForm({ initial }: { initial: Sharing }) {
  const [form, setForm] = useState<Sharing>(initial)
  const saving = useAction(async (next: Sharing) => {
    const { sharing } = await call(saveSharingCall, next)
    setForm(sharing)
    void showToast({ title: 'Saved: this is what your connections see.', type: 'success' })
  }, AFTER_WORDS)
  const { error, setError } = saving

  const save = () => {
    const contact = form.contactKind === 'whatsapp' ? form.contact.replace(/\D/g, '').slice(-10) : form.contact.trim()
    const problem = contactProblem(form.contactKind, contact)
    if (problem) return setError(problem)
    void saving.run({ ...form, contact })
  }

  return (
    <section aria-labelledby="sharing" className={flow({ gap: '4' })}>
      <h2 id="sharing" className={heading({ level: 'section' })}>
        What your connections see
      </h2>
      <p>Only the people you connect with (you picked each other after an evening) see this, beside your first name.</p>
      <SingleChoiceCards
        label="Share with connections"
        options={KIND_OPTIONS}
        value={form.contactKind}
        onChange={(kind) => {
          setForm({ ...form, contactKind: kind as ContactKind, contact: kind === form.contactKind ? form.contact : '' })
          setError(undefined)
        }}
      />
      {form.contactKind !== 'none' ? (
        <TextField
          label={CONTACT_LABELS[form.contactKind]}
          value={form.contact}
          placeholder={PLACEHOLDERS[form.contactKind]}
          error={error}
          onChange={(event) => {
            setForm({ ...form, contact: event.target.value })
            setError(undefined)
          }}
        />
      ) : null}
      <CheckboxField
        label="Show my photo to the other guests of evenings I come to"
        checked={form.showPhoto}
        onChange={(showPhoto) => setForm({ ...form, showPhoto })}
      />
      {form.contactKind === 'none' ? <ErrorLine error={error} /> : null}
      <Button loading={saving.busy} loadingText="Saving…" className={css({ justifySelf: 'start' })} onClick={save}>
        Save what I share
      </Button>
    </section>
  )
}

function ConnectionItem({ connection, onRemoved }: { connection: ConnectionView; onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const {
    busy,
    error,
    run: remove,
  } = useAction(async () => {
    await call(removeConnectionCall, { connectionId: connection.connectionId })
    setConfirming(false)
    onRemoved()
  }, AFTER_WORDS)
  const styles = card({ variant: 'outline' })
  const event = useCatalogue().eventById(connection.eventId)
  return (
    <li className={cx(styles.root, styles.body, flow({ gap: '2' }))}>
      <h3 className={heading({ level: 'card' })}>{connection.firstName}</h3>
      {connection.contact ? (
        <p>
          {CONTACT_LABELS[connection.contact.kind]}:{' '}
          <a href={contactHref(connection.contact)} className={link()} rel="noopener noreferrer" target="_blank">
            {connection.contact.value}
          </a>
        </p>
      ) : (
        <p>{connection.firstName} shares nothing yet.</p>
      )}
      <p className={text({ tone: 'muted', size: 'sm' })}>
        Met at {event?.title ?? 'an evening'}, {formatLongDate(connection.eventDate)}
      </p>
      <ErrorLine error={error} />
      <Button variant="ghost" className={css({ justifySelf: 'start' })} onClick={() => setConfirming(true)}>
        Remove<span className={css({ srOnly: true })}> {connection.firstName}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${connection.firstName}?`}
        description="Neither of you sees the other's contact any more. They are not told."
        busy={busy}
        onConfirm={() => void remove()}
      >
        Remove
      </ConfirmDialog>
    </li>
  )
}

export function ConnectionsPage({ first }: Partial<ReturnType<typeof loadConnections>>) {
  usePageMeta({
    title: 'Connections',
    description: 'The people you picked each other with after an evening, and what you share with them.',
  })
  const fetchConnections = useCallback(() => call(listConnectionsCall, {}), [])
  const { auth, loaded, refresh: load } = useSignedInLoad(fetchConnections, first)
  const answer = loaded.state === 'ready' ? loaded.value : undefined
  const error = loaded.state === 'error' ? loaded.message : undefined

  const page = cx(container({ maxW: '3xl', py: '10' }), flow({ gap: '8' }))
  if (auth.status === 'signed-out') {
    return (
      <div className={page}>
        <h1 className={heading({ level: 'page' })}>Connections</h1>
        <SignInLink />
      </div>
    )
  }
  return (
    <div className={page}>
      <div className={flow({ gap: '2' })}>
        <h1 className={heading({ level: 'page' })}>Connections</h1>
        <Link to="/profile" className={link()}>
          Back to your profile
        </Link>
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {!answer ? (
        error ? null : (
          <p aria-live="polite">Loading your connections…</p>
        )
      ) : (
        <>
          <SharingForm initial={answer.sharing} />
          <section aria-labelledby="people" className={flow({ gap: '3' })}>
            <h2 id="people" className={heading({ level: 'section' })}>
              Your connections
            </h2>
            {answer.connections.length === 0 ? (
              <p className={text({ tone: 'muted' })}>
                None yet. After an evening, pick the people you would meet again: when they pick you too, they appear
                here.
              </p>
            ) : (
              <ul className={flow({ gap: '3' })}>
                {answer.connections.map((connection) => (
                  <ConnectionItem key={connection.connectionId} connection={connection} onRemoved={() => void load()} />
                ))}
              </ul>
            )}
            {answer.blocked > 0 ? (
              <p className={text({ tone: 'muted', size: 'sm' })}>
                You have blocked {answer.blocked} {answer.blocked === 1 ? 'member' : 'members'}: you never see each
                other in these lists.
              </p>
            ) : null}
          </section>
        </>
      )}
    </div>
  )
}
