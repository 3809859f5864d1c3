import { describe, expect, it } from 'vitest'
import { errorCode } from './error-code'

describe('errorCode', () => {
  it("reads Firebase's and gRPC's codes, and nothing else", () => {
    expect(errorCode({ code: 'functions/not-found' })).toBe('functions/not-found')
    expect(errorCode(Object.assign(new Error('x'), { code: 6 }))).toBe(6)
    for (const other of [null, undefined, 'text', { code: { nested: 1 } }, new Error('plain')]) {
      expect(errorCode(other)).toBeUndefined()
    }
  })
})
