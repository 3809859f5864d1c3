/**
 * Before each test file: every date empty, whatever earlier runs against this stack left; and the
 * seed installed for the services the tests call in this process (the stack's functions read the
 * published catalogue, which the stack seeds with the same).
 */
import { installCatalogue } from '@yaari/domain/catalogue'
import { SEED_CATALOGUE } from '@yaari/domain/catalogue-seed'
import { beforeAll } from 'vitest'
import { emptyEveryDate } from './stack-data'

installCatalogue(SEED_CATALOGUE)

beforeAll(emptyEveryDate)
