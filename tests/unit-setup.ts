/** Before each unit test file: the seed is the installed catalogue, as the build's pages carry it. */
import { installCatalogue } from '@yaari/domain/catalogue'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { beforeEach } from 'vitest'

installCatalogue(SEED_CATALOGUE)
beforeEach(() => installCatalogue(SEED_CATALOGUE))
