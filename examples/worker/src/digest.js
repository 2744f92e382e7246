// Digests: SHA-256 in hex, and of a JSON value in a canonical form (object keys sorted), so that
// the same document or request sent with its keys in another order has the same digest.

const encoder = new TextEncoder();

export async function sha256Hex(text) {
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

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
