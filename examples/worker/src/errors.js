// Every error the service answers with: a stable code, its HTTP status, and a JSON body
// `{ "error": { "code", "message", ... } }`. README.md lists the codes; test/errors.test.mjs
// checks that each one is documented there.
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
});
