// SHA-256 in hex: tokens are compared by their digests, never as the secret strings.
const encoder = new TextEncoder();

export async function sha256Hex(text) {
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}
