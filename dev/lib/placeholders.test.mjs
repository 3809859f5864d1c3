// @ts-check
import { describe, expect, it } from 'vitest'
import { placeholderNotices } from './placeholders.mjs'

describe('what npm start says is a placeholder', () => {
  it('names the 24/7 number while it is the placeholder or unset, and nothing once it is set', () => {
    /** @type {Record<string, string>[]} */
    const placeholders = [{}, { VITE_SUPPORT_PHONE: '+91 98765 43210' }, { VITE_SUPPORT_PHONE: '+919876543210' }]
    for (const env of placeholders) {
      expect(placeholderNotices(env)).toEqual([expect.stringMatching(/^Placeholder: the 24\/7 emergency number/)])
    }
    expect(placeholderNotices({ VITE_SUPPORT_PHONE: '+91 80000 12345' })).toEqual([])
  })
})
