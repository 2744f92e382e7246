// The refusal both Workers examples answer their HTTP routes with: a stable code, its HTTP status,
// and a JSON body `{ "error": { "code", "message", ... } }`. Each Worker names its codes and their
// statuses in its own src/errors.js (the table its README documents) and hands it to defineStatus
// once, when that module loads; the modules here raise only codes both tables hold.

/** @type {Record<string, number>} */
let STATUS = {};

/** Sets the Worker's table of codes and statuses (its src/errors.js, once); answers it. */
export function defineStatus(table) {
  STATUS = table;
  return table;
}

/** An answer other than success: thrown anywhere in a handler, turned into a response once. */
export class ApiError extends Error {
  /**
   * @param {string} code one of the Worker's codes
   * @param {string} message
   * @param {object} [details] more members of the error object (diagnostics, required_scopes, ...)
   * @param {Record<string, string>} [headers] response headers (Allow, WWW-Authenticate, Retry-After)
   */
  constructor(code, message, details = {}, headers = {}) {
    super(message);
    if (!Object.hasOwn(STATUS, code)) throw new Error(`no status for error code ${code}`);
    this.code = code;
    this.status = STATUS[code];
    this.details = details;
    this.headers = headers;
  }

  /** The error as a plain object that crosses an RPC boundary (a Durable Object's answer). */
  toAnswer() {
    return { status: this.status, body: { error: { code: this.code, message: this.message, ...this.details } }, headers: this.headers };
  }

  toResponse() {
    const { status, body, headers } = this.toAnswer();
    return Response.json(body, { status, headers });
  }
}

/** A diagnostic in the package's shape, for problems the service finds itself. */
export function diagnostic(code, path, message) {
  return { code, severity: 'error', message: path ? `${path}: ${message}` : message, path };
}
