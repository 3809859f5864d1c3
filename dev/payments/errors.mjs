// @ts-check
/** Cashfree's error body `{ message, code, type }` with its HTTP status. */
export class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} message @param {string} [type] */
  constructor(status, code, message, type = 'invalid_request_error') {
    super(message)
    this.status = status
    this.code = code
    this.type = type
  }
  toJSON() {
    return { message: this.message, code: this.code, type: this.type }
  }
}
