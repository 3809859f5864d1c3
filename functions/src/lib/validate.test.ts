import { refusedField } from '@yaari/domain/callable'
import { HttpsError } from 'firebase-functions/v2/https'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { fieldRefusal, parseRequest, refuseDangerousKeys } from './validate'

/** What parseRequest refuses `data` with: its code and message; undefined when it passes. */
const refusal = (schema: v.GenericSchema, data: unknown) => {
  try {
    parseRequest(schema, data)
  } catch (error) {
    return [(error as HttpsError).code, (error as HttpsError).message]
  }
}

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

it('names the refused field in its details, apart from the sentence a log shows', () => {
  const schema = v.strictObject({ event: v.strictObject({ title: v.pipe(v.string(), v.nonEmpty('Add a title.')) }) })
  const refused = (() => {
    try {
      parseRequest(schema, { event: { title: '' } })
    } catch (error) {
      return error as HttpsError
    }
  })()
  expect([refused?.code, refused?.message, refusedField(refused)]).toEqual([
    'invalid-argument',
    'event.title: Add a title.',
    { field: 'event.title', reason: 'Add a title.' },
  ])
  const taken = fieldRefusal('already-exists', 'id', 'That address is taken.')
  expect([taken.message, refusedField(taken)]).toEqual([
    'id: That address is taken.',
    { field: 'id', reason: 'That address is taken.' },
  ])
  // A refusal about no one field names none.
  expect(refusedField(new HttpsError('invalid-argument', 'This function takes no input'))).toBeUndefined()
  expect(refusedField(undefined)).toBeUndefined()
})

it('refuses a list where a request of named fields is due, even one with no field required', () => {
  expect(refusal(v.strictObject({}), [])).toEqual([
    'invalid-argument',
    'A request is a set of named fields, not a list.',
  ])
  expect(refusal(v.strictObject({ upTo: v.optional(v.string()) }), [])).toEqual([
    'invalid-argument',
    'A request is a set of named fields, not a list.',
  ])
  expect(refusal(v.strictObject({}), {})).toBeUndefined()
})

it('refuses a list inside the request where named fields are due, naming where', () => {
  const filters = v.strictObject({ filters: v.optional(v.strictObject({ city: v.optional(v.string()) })) })
  expect(refusal(filters, { filters: [] })).toEqual([
    'invalid-argument',
    'filters: Expected a set of named fields, not a list.',
  ])
  const rows = v.strictObject({
    rows: v.array(v.strictObject({ note: v.optional(v.nullable(v.looseObject({}))) })),
  })
  expect(refusal(rows, { rows: [{}, { note: [1] }] })).toEqual([
    'invalid-argument',
    'rows.1.note: Expected a set of named fields, not a list.',
  ])
  const either = v.strictObject({ at: v.union([v.strictObject({ day: v.string() }), v.object({})]) })
  expect(refusal(either, { at: [] })?.[1]).toBe('at: Expected a set of named fields, not a list.')
  // Lists where lists are due, and fields where fields are due, pass to the schema as before.
  expect(refusal(rows, { rows: [] })).toBeUndefined()
  expect(refusal(filters, { filters: { city: 'bangalore' } })).toBeUndefined()
  expect(refusal(v.strictObject({ tags: v.optional(v.array(v.string())) }), { tags: ['a'] })).toBeUndefined()
})
