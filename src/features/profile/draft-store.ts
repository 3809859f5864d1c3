/**
 * The member's onboarding draft: every change is kept in memory at once and written to
 * IndexedDB shortly after (debounced), and immediately when the page is hidden or closed.
 * An IndexedDB write started while the page unloads may never finish, so on page hide the
 * text fields are also copied synchronously to localStorage; the next load takes that copy
 * over the IndexedDB row (the photo Blob lives only in IndexedDB, written when chosen).
 * A stored draft that no longer fits the schema is logged and ignored, never a crash; a write
 * IndexedDB refuses is logged, kept in localStorage and tried again at the next flush.
 */
import * as v from 'valibot'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { YaariDb } from '../../lib/db'
import { logWarning } from '../../lib/log'

/** Everything onboarding collects, each part optional until its step is done. */
const draftSchema = v.object({
  mobile: v.optional(v.string()),
  name: v.optional(v.string()),
  dateOfBirth: v.optional(v.string()),
  profession: v.optional(v.string()),
  gender: v.optional(v.string()),
  interests: v.optional(v.array(v.string())),
  area: v.optional(v.string()),
  typedArea: v.optional(v.string()),
  bio: v.optional(v.string()),
  photo: v.optional(v.instance(Blob)),
  profilePictureUrl: v.optional(v.nullable(v.string())),
  /** The profile page's choice: interests and personality may seat them in a group. */
  seatByAnswers: v.optional(v.boolean()),
  /** The booking's answers, on the profile page only ('' for not answered); onboarding never asks them. */
  foodPreference: v.optional(v.string()),
  personalityType: v.optional(v.string()),
  drinkingPreference: v.optional(v.string()),
  relationshipStatus: v.optional(v.string()),
})
export type OnboardingDraft = v.InferOutput<typeof draftSchema>

export interface DraftState {
  status: 'loading' | 'ready'
  step: number
  draft: OnboardingDraft
  /** Merges a change into the draft (built up by merging partial updates). */
  update: (patch: Partial<OnboardingDraft>, step?: number) => void
  /** Writes any pending change now. */
  flush: () => Promise<void>
  /** Copies unsaved text fields to localStorage, synchronously (for page hide and unload). */
  backupNow: () => void
  /** Back to step 1 with nothing saved: the stored draft is removed (Reset). */
  reset: () => Promise<void>
}

const backupSchema = v.object({ step: v.pipe(v.number(), v.integer()), data: draftSchema })

export function draftBackupKey(uid: string): string {
  return `yaari.onboardingDraft.${uid}`
}

export interface DraftStoreOptions {
  debounceMs?: number
  /** Where the synchronous page-hide copy goes; localStorage in the browser. */
  backup?: Storage
}

export function createDraftStore(
  db: YaariDb,
  uid: string,
  { debounceMs = 300, backup = globalThis.localStorage }: DraftStoreOptions = {},
): StoreApi<DraftState> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let dirty = false
  const backupKey = draftBackupKey(uid)

  const readBackup = (): { step: number; data: OnboardingDraft } | undefined => {
    const text = backup?.getItem(backupKey)
    if (!text) return undefined
    try {
      const parsed = v.safeParse(backupSchema, JSON.parse(text))
      if (parsed.success) return parsed.output
    } catch {
      // fall through: logged below
    }
    logWarning('onboarding-draft-backup-corrupt', { uid })
    backup?.removeItem(backupKey)
    return undefined
  }

  const store = createStore<DraftState>()((set, get) => ({
    status: 'loading',
    step: 1,
    draft: {},
    update: (patch, step) => {
      set((state) => ({ draft: { ...state.draft, ...patch }, step: step ?? state.step }))
      dirty = true
      clearTimeout(timer)
      timer = setTimeout(() => void get().flush(), debounceMs)
    },
    flush: async () => {
      clearTimeout(timer)
      if (!dirty) return
      dirty = false
      const { draft, step } = get()
      try {
        await db.drafts.put({ uid, step, data: draft, updatedAt: Date.now() })
      } catch (error) {
        // IndexedDB refused the write (full, or closed): the change stays to be written at the next
        // flush, its text in localStorage meanwhile, and the member goes on; nothing throws from a timer.
        dirty = true
        get().backupNow()
        logWarning('onboarding-draft-write-failed', { uid, error })
        return
      }
      if (!dirty) backup?.removeItem(backupKey)
    },
    backupNow: () => {
      if (!dirty || !backup) return
      const { photo: _photo, ...data } = get().draft
      try {
        backup.setItem(backupKey, JSON.stringify({ step: get().step, data }))
      } catch (error) {
        logWarning('onboarding-draft-backup-failed', { uid, error })
      }
    },
    reset: async () => {
      clearTimeout(timer)
      dirty = false
      set({ draft: {}, step: 1 })
      backup?.removeItem(backupKey)
      await db.drafts.delete(uid)
    },
  }))

  const restore = (stored: { step: number; data: OnboardingDraft } | undefined) => {
    const copy = readBackup()
    const photo = stored?.data.photo
    const latest = copy ? { step: copy.step, data: { ...stored?.data, ...copy.data, photo } } : stored
    if (!latest) return store.setState({ status: 'ready' })
    // Keep whatever changed while loading on top of what was stored.
    store.setState((state) => ({ status: 'ready', step: latest.step, draft: { ...latest.data, ...state.draft } }))
    if (copy) {
      // The copy is newer than IndexedDB: move it there (the flush then drops the copy).
      dirty = true
      void store.getState().flush()
    }
  }

  void db.drafts.get(uid).then(
    (row) => {
      if (!row) return restore(undefined)
      const parsed = v.safeParse(draftSchema, row.data)
      if (!parsed.success || !Number.isInteger(row.step)) {
        logWarning('onboarding-draft-corrupt', { uid, issues: parsed.success ? 'step' : parsed.issues.length })
        return restore(undefined)
      }
      restore({ step: row.step, data: parsed.output })
    },
    (error: unknown) => {
      logWarning('onboarding-draft-unreadable', { uid, error })
      restore(undefined)
    },
  )
  return store
}

/** Flushes the draft when the page is hidden or unloaded; returns the detach function. */
export function flushOnPageHide(store: StoreApi<DraftState>, target: Window = window): () => void {
  const flush = () => {
    store.getState().backupNow()
    void store.getState().flush()
  }
  const onVisibility = () => {
    if (target.document.visibilityState === 'hidden') flush()
  }
  target.addEventListener('pagehide', flush)
  target.document.addEventListener('visibilitychange', onVisibility)
  return () => {
    target.removeEventListener('pagehide', flush)
    target.document.removeEventListener('visibilitychange', onVisibility)
  }
}
