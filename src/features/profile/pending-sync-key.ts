/**
 * Set (to the member's uid) while a completed profile waits in the outbox. Its own module,
 * so the root layout can check it without pulling the sync code into every page.
 */
export const PENDING_SYNC_KEY = 'yaari.pendingProfileSync'
