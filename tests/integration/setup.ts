/**
 * Before each test file: every date empty, whatever earlier runs against this stack left (the
 * services a test calls in this process read the seed's catalogue, `stackDeps`, which the stack
 * publishes on start).
 */
import { beforeAll } from 'vitest'
import { emptyEveryDate } from './stack-data'

beforeAll(emptyEveryDate)
