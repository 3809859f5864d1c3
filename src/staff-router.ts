/**
 * The router of a page opened at a console address (src/main.tsx): every route, the console's and
 * the member pages', so the console and the pages it links to (sign-in, an event) open in one
 * document. Member pages never load this module or the console's route definitions.
 */
// The member pages' tree (in ./router) gives the root route its children as it loads; this tree,
// imported after it, gives the root every route, so its children are the last ones set.
import { createAppRouter as createRouterOn } from './router'
import { routeTree } from './routeTree.gen'

export { RouterProvider } from './router'

export const createAppRouter: typeof createRouterOn = (options) => createRouterOn(options, routeTree)
