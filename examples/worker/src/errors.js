// Every error the service answers with: a stable code, its HTTP status, and a JSON body
// `{ "error": { "code", "message", ... } }`. README.md lists the codes; test/errors.test.mjs
// checks that each one is documented there.

/** The status of each code. A code never changes status. */
export const STATUS = {
  invalid_json: 400,
  invalid_path: 400,
  invalid_query: 400,
  missing_token: 401,
  invalid_token: 401,
  missing_scope: 403,
  caller_mismatch: 403,
  not_found: 404,
  language_not_found: 404,
  tool_not_found: 404,
  result_not_found: 404,
  router_not_found: 404,
  method_not_allowed: 405,
  request_id_conflict: 409,
  result_already_recorded: 409,
  body_too_large: 413,
  unsupported_media_type: 415,
  invalid_request: 422,
  invalid_profile: 422,
  invalid_descriptor: 422,
  invalid_router: 422,
  invalid_result: 422,
  id_mismatch: 422,
  naming_error: 422,
  internal_error: 500,
  auth_unconfigured: 503,
  storage_unavailable: 503,
  storage_propagating: 503,
};

/** An answer other than success: thrown anywhere in a handler, turned into a response once. */
export class ApiError extends Error {
  /**
   * @param {keyof typeof STATUS} code
   * @param {string} message
   * @param {object} [details] more members of the error object (diagnostics, required_scopes, ...)
   * @param {Record<string, string>} [headers] response headers (Allow, WWW-Authenticate, Retry-After)
   */
  constructor(code, message, details = {}, headers = {}) {
    super(message);
    if (!(code in STATUS)) throw new Error(`no status for error code ${code}`);
    this.code = code;
    this.status = STATUS[code];
    this.details = details;
    this.headers = headers;
  }

  toResponse() {
    const body = { error: { code: this.code, message: this.message, ...this.details } };
    return Response.json(body, { status: this.status, headers: this.headers });
  }
}

/** A diagnostic in the package's shape, for problems the service finds itself. */
export function diagnostic(code, path, message) {
  return { code, severity: 'error', message: path ? `${path}: ${message}` : message, path };
}
