/**
 * Around each test file of the whole-stack group: every date empty before it, whatever earlier
 * runs against this stack left, and again after it, so the last file leaves the seed's dates empty
 * for what runs next on the same stack (`npm test`'s end-to-end tests: a paid booking left on a
 * date they use would count twice). The services a test calls in this process read the seed's
 * catalogue, `stackDeps`, which the stack publishes on start.
 */
import { afterAll, beforeAll } from 'vitest'
import { emptyEveryDate } from './stack-data'

beforeAll(emptyEveryDate)
afterAll(emptyEveryDate)
