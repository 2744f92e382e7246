// Request bodies: JSON only, at most MAX_BODY_BYTES (read by ../../workers-shared/body.js), parsed
// into a plain object whose fields are checked against a list. Each refusal is an ApiError with its
// own code.
import { ApiError, diagnostic } from './errors.js';

export { discardBody, readJson } from '../../workers-shared/body.js';

export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks an envelope the service defines itself (not a profile or descriptor, which the package
 * checks): an object with only `fields`, every one of `required` present. Throws `code` (422)
 * with a diagnostic per problem.
 */
export function checkFields(body, { fields, required = [], code = 'invalid_request', what = 'the body' }) {
  if (!isObject(body)) {
    throw new ApiError(code, `${what} must be a JSON object`, {
      diagnostics: [diagnostic('wrong_type', '', `${what} must be an object, got ${kind(body)}`)],
    });
  }
  const problems = [];
  for (const name of required) {
    if (!Object.hasOwn(body, name)) problems.push(diagnostic('missing_field', name, 'is required'));
  }
  for (const name of Object.keys(body)) {
    if (!fields.includes(name)) problems.push(diagnostic('unknown_field', name, `is not a field: use ${fields.join(', ')}`));
  }
  if (problems.length) throw new ApiError(code, problems.map((d) => d.message).join('; '), { diagnostics: problems });
  return body;
}

/** A diagnostic-carrying refusal for one field of an envelope. */
export function badField(path, message, code = 'invalid_request', diagCode = 'invalid_value') {
  const d = diagnostic(diagCode, path, message);
  return new ApiError(code, d.message, { diagnostics: [d] });
}

/** The type of a JSON value in words, as the package's diagnostics write it. */
export function kind(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
