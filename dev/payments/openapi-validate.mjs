// @ts-check
/**
 * Validates request bodies against Cashfree's own OpenAPI schemas (the subset in
 * cashfree-openapi.subset.json, made by openapi-subset.mjs), and answers what Cashfree answers
 * for a body that does not fit: 400, code `<field>_missing` or `<field>_invalid`, message
 * `<field> : <reason>. Value received: <value>`.
 */
import { readFileSync } from 'node:fs'
import Ajv from 'ajv'
import { ApiError } from './errors.mjs'

const subset = JSON.parse(readFileSync(new URL('./cashfree-openapi.subset.json', import.meta.url), 'utf8'))
// OpenAPI 3.0 schemas: formats such as "double" and "ISO8601" are descriptive, not JSON Schema's.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false })
ajv.addSchema({ $id: 'cashfree', components: subset.components })

/** @typedef {'CreateOrderRequest' | 'OrderCreateRefundRequest' | 'TerminateOrderRequest'} RequestSchema */
/** @type {Map<RequestSchema, import('ajv').ValidateFunction>} */
const validators = new Map()

/** @param {RequestSchema} name */
function validator(name) {
  let validate = validators.get(name)
  if (!validate) {
    validate = ajv.compile({ $ref: `cashfree#/components/schemas/${name}` })
    validators.set(name, validate)
  }
  return validate
}

/** @param {unknown} body @param {string} pointer @returns {unknown} */
function valueAt(body, pointer) {
  return pointer
    .split('/')
    .slice(1)
    .reduce((node, key) => (node && typeof node === 'object' ? /** @type {any} */ (node)[key] : undefined), body)
}

/** @param {unknown} value */
const shown = (value) => (typeof value === 'string' ? value : JSON.stringify(value))?.slice(0, 200)

/**
 * Throws Cashfree's 400 for the first way `body` breaks the named request schema.
 * @param {RequestSchema} name @param {unknown} body
 */
export function validateRequest(name, body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'request_failed', 'request body : is not valid json')
  }
  const validate = validator(name)
  if (validate(body)) return
  const [error] = validate.errors ?? []
  if (!error) throw new ApiError(400, 'request_failed', 'request body : is not valid')
  const path = error.instancePath.split('/').slice(1).join('.')
  if (error.keyword === 'required') {
    const field = [path, error.params.missingProperty].filter(Boolean).join('.')
    throw new ApiError(400, `${field}_missing`, `${field} : is missing in the request`)
  }
  const field = path || 'request body'
  throw new ApiError(
    400,
    `${field}_invalid`,
    `${field} : ${error.message}. Value received: ${shown(valueAt(body, error.instancePath))}`,
  )
}
