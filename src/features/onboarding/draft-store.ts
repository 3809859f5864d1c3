/**
 * The member's onboarding draft: every change is kept in memory at once and written to
 * IndexedDB shortly after (debounced), and immediately when the page is hidden or closed.
 * A stored draft that no longer fits the schema is logged and ignored, never a crash.
 */
import * as v from 'valibot'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { YaariDb } from '../../lib/db'
import { logWarning } from '../../lib/log'

/** Everything onboarding collects, each part optional until its step is done. */
export const draftSchema = v.object({
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
})
export type OnboardingDraft = v.InferOutput<typeof draftSchema>

export interface DraftState {
  status: 'loading' | 'ready'
  step: number
  draft: OnboardingDraft
  /** Merges a change into the draft (spec: built up by merging partial updates). */
  update: (patch: Partial<OnboardingDraft>, step?: number) => void
  /** Writes any pending change now. */
  flush: () => Promise<void>
}

export function createDraftStore(db: YaariDb, uid: string, { debounceMs = 300 } = {}): StoreApi<DraftState> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let dirty = false

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
      await db.drafts.put({ uid, step, data: draft, updatedAt: Date.now() })
    },
  }))

  void db.drafts.get(uid).then(
    (row) => {
      if (!row) return store.setState({ status: 'ready' })
      const parsed = v.safeParse(draftSchema, row.data)
      if (!parsed.success || !Number.isInteger(row.step)) {
        logWarning('onboarding-draft-corrupt', { uid, issues: parsed.success ? 'step' : parsed.issues.length })
        return store.setState({ status: 'ready' })
      }
      // Keep whatever changed while loading on top of what was stored.
      store.setState((state) => ({ status: 'ready', step: row.step, draft: { ...parsed.output, ...state.draft } }))
    },
    (error: unknown) => {
      logWarning('onboarding-draft-unreadable', { uid, error })
      store.setState({ status: 'ready' })
    },
  )
  return store
}

/** Flushes the draft when the page is hidden or unloaded; returns the detach function. */
export function flushOnPageHide(store: StoreApi<DraftState>, target: Window = window): () => void {
  const flush = () => void store.getState().flush()
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
