// What the local story inbox answers when it does not save a story (docs/stories.md, "The local
// inbox"): a status for HTTP clients, and the outcome the collector's JSON carries for the phone.

/**
 * A request the inbox answers with `status`. `fields` names, per member of the body, what she must
 * change. A 5xx or a 408 is `retry` (nothing was written: send the same story again later), any
 * other `refused`.
 */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {{ fields?: Record<string, string>, headers?: Record<string, string> }} [options]
   */
  constructor(status, message, { fields, headers } = {}) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.headers = headers;
  }

  /** @returns {'retry' | 'refused'} */
  get outcome() {
    return this.status >= 500 || this.status === 408 ? 'retry' : 'refused';
  }
}
