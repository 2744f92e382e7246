// Digests: SHA-256 in hex, and of a JSON value in a canonical form (object keys sorted), so that
// the same document or request sent with its keys in another order has the same digest.

import { sha256Hex } from '../../workers-shared/digest.js';

export { sha256Hex };

/** JSON text of `value` with every object's keys in sorted order. */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function digestJson(value) {
  return sha256Hex(canonicalJson(value));
}
