/**
 * Where every function runs, set before any is defined (firebase-functions reads the global
 * options when a function is declared): every handler module imports this first.
 */
import { setGlobalOptions } from 'firebase-functions/v2'

export const REGION = 'asia-south1'
export const TIME_ZONE = 'Asia/Kolkata'
setGlobalOptions({ region: REGION, maxInstances: 10 })
