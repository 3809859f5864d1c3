/**
 * Before each unit test file: the app shows the seed, as the build's pages carry it (the domain's
 * and the functions' tests pass the catalogue they read, the seed's `SEED`, themselves).
 */
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { beforeEach } from 'vitest'
import { installCatalogue } from '../src/lib/catalogue'

installCatalogue(SEED_CATALOGUE)
beforeEach(() => installCatalogue(SEED_CATALOGUE))
