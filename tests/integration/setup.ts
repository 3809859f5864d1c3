/** Before each test file: every date empty, whatever earlier runs against this stack left. */
import { beforeAll } from 'vitest'
import { emptyEveryDate } from './stack-data'

beforeAll(emptyEveryDate)
