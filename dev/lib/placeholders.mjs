// @ts-check
/**
 * What `npm start` says is not real yet: values the site shows members that stand in for the team's
 * own. A real project's build refuses each of them (src/lib/env-schema.ts); locally they work, and
 * nobody should mistake them for the real thing.
 */

import { PLACEHOLDER_SUPPORT_PHONE } from '@yaari/domain/site'
import { loadEnv } from 'vite'
import { ROOT } from './config.mjs'

/**
 * One line per placeholder in the configuration the build used (`.env`, then `.env.production.local`).
 * @param {Record<string, string>} env the VITE_ variables
 * @returns {string[]}
 */
export function placeholderNotices(env = loadEnv('production', ROOT, 'VITE_')) {
  const phone = env.VITE_SUPPORT_PHONE?.trim()
  const digits = (/** @type {string} */ value) => value.replace(/\D/g, '')
  if (phone && digits(phone) !== digits(PLACEHOLDER_SUPPORT_PHONE)) return []
  return [
    `Placeholder: the 24/7 emergency number members see (Safety Center, reports, mails) is ${PLACEHOLDER_SUPPORT_PHONE}, which nobody answers. Set VITE_SUPPORT_PHONE (a real project's build refuses it).`,
  ]
}
