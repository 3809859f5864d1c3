import { expect, it } from 'vitest'
import { refuseDangerousKeys } from './validate'

it('refuses prototype keys at any depth, and payloads nested deeper than any real request', () => {
  expect(() => refuseDangerousKeys(JSON.parse('{"a":[{"b":{"__proto__":{"admin":true}}}]}'))).toThrow(
    'The request contains a forbidden key: __proto__',
  )
  expect(() => refuseDangerousKeys({ constructor: { prototype: {} } })).toThrow('forbidden key: constructor')
  let deep: unknown = 'x'
  for (let i = 0; i < 40; i++) deep = [deep]
  expect(() => refuseDangerousKeys(deep)).toThrow('The request is nested too deeply.')
  expect(() => refuseDangerousKeys({ eventId: 'first-hello-stranger-meetup', dates: [[1], { a: null }] })).not.toThrow()
  expect(() => refuseDangerousKeys(null)).not.toThrow()
})
