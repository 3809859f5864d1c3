/**
 * Yaari's design tokens. Components use the semantic tokens only (bg.*, fg.*, accent.*,
 * border.*), so a palette change happens here and nowhere else. Recipes are registered
 * here and emitted just-in-time: Panda writes CSS only for the variants the app uses.
 */
import { defineSemanticTokens, defineTokens } from '@pandacss/dev'
import { badgeRecipe } from './recipes/badge'
import { buttonRecipe } from './recipes/button'
import { cardRecipe } from './recipes/card'
import { chipRecipe } from './recipes/chip'
import { disclosureRecipe, statRecipe, toolbarRecipe, verdictRecipe } from './recipes/console'
import { dataListRecipe } from './recipes/data-list'
import { datePickerRecipe } from './recipes/date-picker'
import { dialogRecipe } from './recipes/dialog'
import { fieldRecipe } from './recipes/field'
import { messageRecipe } from './recipes/message'
import { tabsRecipe } from './recipes/tabs'
import { checkboxRecipe, tileRecipe } from './recipes/tile'
import { toastRecipe } from './recipes/toast'
import { bulletsRecipe, headingRecipe, linkRecipe, noticeRecipe, textRecipe, textStyles } from './recipes/typography'

const tokens = defineTokens({
  // Stacking order, lowest first (the names Panda's own preset uses; ours has no preset-panda).
  zIndex: {
    base: { value: 0 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    skipLink: { value: 1600 },
    toast: { value: 1700 },
  },
  colors: {
    brand: {
      50: { value: '#fff4ed' },
      100: { value: '#ffe5d3' },
      200: { value: '#ffc7a5' },
      300: { value: '#ffa06d' },
      400: { value: '#ff6d33' },
      500: { value: '#ff4a0d' },
      600: { value: '#e63203' },
      700: { value: '#bd2306' },
      800: { value: '#961d0d' },
      900: { value: '#791b0e' },
    },
    ink: {
      50: { value: '#f7f7f8' },
      100: { value: '#eeeef0' },
      200: { value: '#d9d9de' },
      300: { value: '#b8b9c1' },
      400: { value: '#91939f' },
      500: { value: '#737584' },
      600: { value: '#5d5e6c' },
      700: { value: '#4c4d58' },
      800: { value: '#41414b' },
      900: { value: '#18181d' },
    },
  },
  fonts: {
    body: {
      value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    },
    heading: {
      value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    },
  },
  radii: {
    l1: { value: '0.375rem' },
    l2: { value: '0.625rem' },
    l3: { value: '1rem' },
  },
})

const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: '{colors.white}' },
      surface: { value: '{colors.white}' },
      muted: { value: '{colors.ink.50}' },
      inverse: { value: '{colors.ink.900}' },
      backdrop: { value: 'rgba(24, 24, 29, 0.6)' },
    },
    fg: {
      default: { value: '{colors.ink.900}' },
      muted: { value: '{colors.ink.600}' },
      inverse: { value: '{colors.white}' },
      onAccent: { value: '{colors.white}' },
      error: { value: '#b42318' },
      success: { value: '#067647' },
    },
    accent: {
      // White on brand.700 is 6.2:1 (brand.600 is only 4.35:1, below WCAG AA for text).
      default: { value: '{colors.brand.700}' },
      emphasized: { value: '{colors.brand.800}' },
      subtle: { value: '{colors.brand.50}' },
      text: { value: '{colors.brand.700}' },
    },
    border: {
      default: { value: '{colors.ink.200}' },
      strong: { value: '{colors.ink.400}' },
    },
    focus: {
      ring: { value: '{colors.brand.500}' },
    },
  },
  shadows: {
    card: { value: '0 1px 2px rgba(24,24,29,0.06), 0 4px 16px rgba(24,24,29,0.08)' },
    overlay: { value: '0 12px 40px rgba(24,24,29,0.24)' },
  },
})

export const theme = {
  extend: {
    tokens,
    semanticTokens,
    textStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      text: textRecipe,
      link: linkRecipe,
      bullets: bulletsRecipe,
      notice: noticeRecipe,
    },
    slotRecipes: {
      dialog: dialogRecipe,
      datePicker: datePickerRecipe,
      toast: toastRecipe,
      card: cardRecipe,
      field: fieldRecipe,
      message: messageRecipe,
      dataList: dataListRecipe,
      chip: chipRecipe,
      tabs: tabsRecipe,
      tile: tileRecipe,
      checkbox: checkboxRecipe,
      stat: statRecipe,
      verdict: verdictRecipe,
      disclosure: disclosureRecipe,
      toolbar: toolbarRecipe,
    },
  },
}
