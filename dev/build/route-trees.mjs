// @ts-check
/**
 * The two route trees the router generates from src/routes, and the one command that writes them
 * (`node dev/build/route-trees.mjs`, run by `npm install`'s prepare; Vite's router plugins write
 * them again as routes change). They are generated, never kept in git: every route (the staff's
 * router and the types) in routeTree.gen.ts, and the member pages' (every route but the console's,
 * src/routes/host) in memberRouteTree.gen.ts, so a console route costs the members nothing.
 */
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Generator, getConfig } from '@tanstack/router-generator'

/** The member pages' tree: the console's routes left out. */
export const MEMBER_ROUTE_TREE = {
  target: /** @type {const} */ ('react'),
  routeFileIgnorePattern: '^host(\\.|$)',
  generatedRouteTree: './src/memberRouteTree.gen.ts',
}
/** The whole tree (the router's defaults: src/routes into src/routeTree.gen.ts). */
const ROUTE_TREE = { target: /** @type {const} */ ('react') }

/** Writes both trees for the project at `root`. */
export async function generateRouteTrees(root = fileURLToPath(new URL('../..', import.meta.url))) {
  for (const options of [ROUTE_TREE, MEMBER_ROUTE_TREE])
    await new Generator({ config: getConfig(options, root), root }).run()
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await generateRouteTrees()
