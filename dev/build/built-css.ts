/**
 * A build check over the CSS the production build wrote: `check` gets the stylesheets' text (all
 * of them, joined) and answers what is wrong, which fails the build. A build without a stylesheet
 * (the pages' server render) has nothing to check.
 */
import type { Plugin } from 'vite'

export function builtCssCheck(name: string, check: (css: string) => string | undefined): Plugin {
  return {
    name,
    apply: 'build',
    generateBundle(_options, bundle) {
      const css = Object.values(bundle)
        .flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source)] : []))
        .join('\n')
      if (css === '') return
      const wrong = check(css)
      if (wrong) this.error(wrong)
    },
  }
}
