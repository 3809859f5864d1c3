import { CATALOGUE_MESSAGES, seedCatalogue } from '@yaari/domain/catalogue-records'
import { describe, expect, it } from 'vitest'
import { checkForm, draftOf, EMPTY_FORM, formOf, slugOf, storedForm } from './event-form'

const firstHello = seedCatalogue().events[0]!

describe('the catalogue editor’s form', () => {
  it('gives back the record it was made from', () => {
    // (the older link and the guests' rating are not the editor's: a save keeps the record's own)
    const { status: _status, shortId: _link, rating: _rating, ...draft } = firstHello
    expect(checkForm(formOf(firstHello))).toEqual({ draft })
  })

  it('puts each problem under its field, in the editor’s words', () => {
    const form = {
      ...formOf(firstHello),
      girls: '0',
      boys: 'lots',
      capacity: '61',
      startTime: '7pm',
      weekdays: [],
      dates: '',
      description: 'x'.repeat(601),
    }
    expect(checkForm(form).errors).toEqual({
      girls: CATALOGUE_MESSAGES.price,
      boys: CATALOGUE_MESSAGES.price,
      capacity: CATALOGUE_MESSAGES.capacity,
      startTime: CATALOGUE_MESSAGES.time,
      description: 'The description is at most 600 characters.',
      schedule: CATALOGUE_MESSAGES.noDates,
    })
    expect(checkForm({ ...formOf(firstHello), dates: '2027-02-30' }).errors).toEqual({ dates: CATALOGUE_MESSAGES.date })
  })

  it('reads one-off and skipped dates however they are separated, and one thing to expect a line', () => {
    const draft = draftOf({
      ...EMPTY_FORM,
      dates: '2026-12-25, 2027-01-01\n2027-01-08',
      whatToExpect: 'Tea\n\n Games ',
    })
    expect(draft).toMatchObject({
      schedule: { dates: ['2026-12-25', '2027-01-01', '2027-01-08'] },
      whatToExpect: ['Tea', 'Games'],
    })
  })

  it('keeps a device’s draft only while it is still a form', () => {
    expect(storedForm({ ...EMPTY_FORM, title: 'Brunch' })?.title).toBe('Brunch')
    expect(storedForm({ ...EMPTY_FORM, weekdays: 'sunday' })).toBeUndefined()
    expect(storedForm('garbage')).toBeUndefined()
  })

  it('makes an address of a title', () => {
    expect(slugOf('Mumbai Sunday Brunch')).toBe('mumbai-sunday-brunch')
    expect(slugOf('  Café & Chai: Bandra! ')).toBe('cafe-chai-bandra')
  })
})

describe('a new event checked before it is saved or published', () => {
  it('names each field’s own problem: the city’s and the address’s are their own, not the address rule', () => {
    const errors = checkForm({ ...EMPTY_FORM, girls: '0', boys: '1499' }).errors
    expect(errors).toMatchObject({
      title: 'Please write the title.',
      id: CATALOGUE_MESSAGES.slugRequired,
      city: CATALOGUE_MESSAGES.cityUnknown,
      category: 'Pick one of the listing’s categories.',
      girls: CATALOGUE_MESSAGES.price,
    })
    expect(errors?.boys).toBeUndefined()
  })
})
