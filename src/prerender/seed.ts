/**
 * The catalogue the build prerenders with: the seed, installed before any page module reads it
 * (imported first by entry.tsx; the browser installs the same one from the page's data block).
 */
import { installCatalogue } from '@yaari/domain/catalogue'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'

installCatalogue(SEED_CATALOGUE)
