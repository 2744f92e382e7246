// Every refusal of the HTTP routes: a stable code, its HTTP status, and a JSON body
// `{ "error": { "code", "message", ... } }`. README.md lists the codes; test/errors.test.mjs checks
// that the table there is this one. MCP answers (JSON-RPC errors) are in mcp.js.
//
// The error class and what raises it are shared with the other Workers example (../../workers-shared).
import { defineStatus } from '../../workers-shared/errors.js';

export { ApiError, diagnostic } from '../../workers-shared/errors.js';

/** The status of each code. A code never changes status. */
export const STATUS = defineStatus({
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
});
