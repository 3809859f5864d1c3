/**
 * The pages' server render (see prerenderPages in vite.config.ts), one bundle for two callers:
 * the build writes the information pages and 404.html with it, and the publicPages function writes
 * the pages that show the catalogue with it when they are asked for (decision 0020).
 */
export { NOT_FOUND_PATH, PRERENDERED_PATHS } from './paths'
export { renderInformationPage, renderPublicPage } from './public-page'
