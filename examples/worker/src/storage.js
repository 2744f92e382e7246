// The two stores' failures as answers: a D1 table that is not there means the migrations were
// not applied; any other failure of D1 or KV is the storage being unavailable, never a 500.
import { ApiError } from './errors.js';

/** Runs a D1 call, turning its failures into 503 storage_unavailable. */
export async function d1(call) {
  try {
    return await call();
  } catch (e) {
    const message = String(e?.message ?? e);
    if (/no such table/i.test(message)) {
      throw new ApiError('storage_unavailable', 'the D1 database has no tables: apply the migrations (wrangler d1 migrations apply DB)', {}, { 'retry-after': '60' });
    }
    throw new ApiError('storage_unavailable', `D1: ${message}`, {}, { 'retry-after': '5' });
  }
}

/** Runs a KV call, turning its failures into 503 storage_unavailable. */
export async function kv(call) {
  try {
    return await call();
  } catch (e) {
    throw new ApiError('storage_unavailable', `KV: ${String(e?.message ?? e)}`, {}, { 'retry-after': '5' });
  }
}
