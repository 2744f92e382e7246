// Every refusal of the HTTP routes: a stable code, its HTTP status, and a JSON body
// `{ "error": { "code", "message", ... } }`. README.md lists the codes; test/errors.test.mjs checks
// that the table there is this one. MCP answers (JSON-RPC errors) are in mcp.js.

/** The status of each code. A code never changes status. */
export const STATUS = {
  invalid_json: 400,
  invalid_path: 400,
  invalid_query: 400,
  missing_token: 401,
  invalid_token: 401,
  missing_scope: 403,
  origin_not_allowed: 403,
  not_found: 404,
  server_not_found: 404,
  method_not_allowed: 405,
  body_too_large: 413,
  unsupported_media_type: 415,
  invalid_request: 422,
  invalid_server: 422,
  invalid_config: 422,
  id_mismatch: 422,
  internal_error: 500,
  auth_unconfigured: 503,
  settings_invalid: 503,
};

/** An answer other than success: thrown anywhere in a handler, turned into a response once. */
export class ApiError extends Error {
  /**
   * @param {keyof typeof STATUS} code
   * @param {string} message
   * @param {object} [details] more members of the error object (diagnostics, suggestion, ...)
   * @param {Record<string, string>} [headers] response headers (Allow, WWW-Authenticate)
   */
  constructor(code, message, details = {}, headers = {}) {
    super(message);
    if (!(code in STATUS)) throw new Error(`no status for error code ${code}`);
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
