// Request bodies: JSON only, at most MAX_BODY_BYTES, valid UTF-8, parsed; and draining the body of
// a request answered before it was read. Each refusal is an ApiError with its own code.
import { ApiError } from './errors.js';

/** The largest body any route accepts (64 KiB). */
export const MAX_BODY_BYTES = 64 * 1024;
/**
 * How much of a body over the limit is still read (and dropped) before the 413, so that a client
 * still sending gets the answer rather than a reset connection; a larger body is cut off.
 */
export const DRAIN_BYTES = 1024 * 1024;

/** The JSON body of `request`: application/json, at most MAX_BODY_BYTES, valid UTF-8 JSON. */
export async function readJson(request) {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError('unsupported_media_type', `send the body as application/json, not ${type ? JSON.stringify(type) : 'without a Content-Type'}`);
  }
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > DRAIN_BYTES) {
    await request.body?.cancel();
    throw tooLarge();
  }
  const bytes = await readCapped(request.body);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('invalid_json', 'the body is not valid UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ApiError('invalid_json', `the body is not JSON: ${e.message}`);
  }
}

/**
 * Reads and drops what is left of a request's body (up to DRAIN_BYTES), for answers given before
 * the body was read (401, 404, 415, ...): a client on a keep-alive connection then gets the
 * answer and keeps its connection, instead of a reset.
 */
export async function discardBody(request) {
  if (request.body === null || request.bodyUsed) return;
  try {
    await readCapped(request.body);
  } catch {
    // Over DRAIN_BYTES, or the client went away: the connection closes, as it must.
  }
}

function tooLarge() {
  return new ApiError('body_too_large', `the body is over ${MAX_BODY_BYTES} bytes`, { limit: MAX_BODY_BYTES });
}

/** The stream's bytes; past the limit they are dropped, and past DRAIN_BYTES no longer read. */
async function readCapped(stream) {
  if (stream === null) return new Uint8Array();
  const chunks = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    if (size <= MAX_BODY_BYTES) chunks.push(value);
  }
  if (size > MAX_BODY_BYTES) throw tooLarge();
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
