/**
 * Every variant of every config recipe has a rule in the built CSS. Panda writes a variant's rule
 * only when it sees the variant in the source or in `staticCss`; a variant chosen at run time
 * (`verdict({ kind: verdict.kind })`) would otherwise get a class with no rule behind it, and the
 * element shows unstyled. The build fails, naming each class without a rule.
 */
import { builtCssCheck } from './built-css'

type Style = { readonly [property: string]: unknown } | undefined
interface Recipe {
  className?: string
  variants?: { readonly [variant: string]: { readonly [value: string]: Style } | undefined }
}
interface SlotRecipe {
  className?: string
  slots: readonly string[]
  variants?: {
    readonly [variant: string]: { readonly [value: string]: { readonly [slot: string]: Style } | undefined } | undefined
  }
}
export interface RecipeConfig {
  recipes?: { readonly [name: string]: Recipe }
  slotRecipes?: { readonly [name: string]: SlotRecipe }
}

const hasStyle = (style: Style | undefined): boolean => style !== undefined && Object.keys(style).length > 0

/** The class of each variant value that has a style: `button--size_sm`, `verdict__root--kind_admit`. */
export function variantClasses({ recipes = {}, slotRecipes = {} }: RecipeConfig): string[] {
  const classes: string[] = []
  for (const [name, recipe] of Object.entries(recipes)) {
    for (const [variant, values] of Object.entries(recipe.variants ?? {})) {
      for (const [value, style] of Object.entries(values ?? {})) {
        if (hasStyle(style)) classes.push(`${recipe.className ?? name}--${variant}_${value}`)
      }
    }
  }
  for (const [name, recipe] of Object.entries(slotRecipes)) {
    for (const [variant, values] of Object.entries(recipe.variants ?? {})) {
      for (const [value, slots] of Object.entries(values ?? {})) {
        for (const slot of recipe.slots) {
          if (hasStyle(slots?.[slot])) classes.push(`${recipe.className ?? name}__${slot}--${variant}_${value}`)
        }
      }
    }
  }
  return classes
}

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The variant classes that no selector of the CSS names. */
export function classesWithoutRule(classes: readonly string[], css: string): string[] {
  return classes.filter((name) => !new RegExp(`\\.${escapeForRegExp(name)}(?![\\w-])`).test(css))
}

/** The production build's check over the CSS it wrote. */
export const recipeVariantsInCss = (config: RecipeConfig) =>
  builtCssCheck('yaari:recipe-variants-in-css', (css) => {
    const missing = classesWithoutRule(variantClasses(config), css)
    return missing.length > 0
      ? `Recipe variants with no rule in the built CSS (a class the app may set, showing nothing): ${missing.join(', ')}. ` +
          'Panda writes a variant only when it sees it: list it in staticCss.'
      : undefined
  })
