import { defineSlotRecipe } from '@pandacss/dev'

/**
 * A page that says one thing (a confirmation, an error, a sign-in prompt): its heading, what it
 * means, further sections, and what to do now; the spacing between them lives here.
 */
export const messageRecipe = defineSlotRecipe({
  className: 'message',
  slots: ['title', 'body', 'section', 'sectionTitle', 'actions'],
  base: {
    title: { textStyle: 'heading.page', fontFamily: 'heading' },
    body: { mt: '3', display: 'grid', gap: '2' },
    section: { mt: '8', display: 'grid', gap: '2', '& + &': { mt: '6' } },
    sectionTitle: { textStyle: 'heading.sub', fontFamily: 'heading' },
    actions: { mt: '8', display: 'flex', flexWrap: 'wrap', gap: '3' },
  },
})
