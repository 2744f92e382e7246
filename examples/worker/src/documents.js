// Versioned documents (language profiles, tool descriptors, router configs), stored only after
// the caller checked them.
//
// A body lives in KV under a key that names its digest (`doc:<kind>:<id>:<sha256>`), written
// first; it becomes a version only when D1 inserts the row (kind, id, version), whose primary key
// makes each version number unique. So a reader never finds a version without its body where it
// was written, concurrent writers of one id get distinct consecutive versions, and a body whose
// row never landed is unreferenced, not a half-stored record. Sending the current body again
// makes no new version.
import { ApiError } from './errors.js';
import { canonicalJson, sha256Hex } from './digest.js';
import { d1, kv } from './storage.js';

const bodyKey = (kind, id, digest) => `doc:${kind}:${id}:${digest}`;

/** Stores `body` as the next version of (kind, id) unless it is the current one. */
export async function putDocument(env, kind, id, body, callerId) {
  const digest = await sha256Hex(canonicalJson(body));
  const key = bodyKey(kind, id, digest);
  const text = JSON.stringify(body);
  await kv(async () => {
    try {
      await env.REGISTRY.put(key, text);
    } catch (e) {
      // Concurrent writes of one key are rate-limited; the key names its content, so the body
      // being there is all that matters.
      if ((await env.REGISTRY.get(key)) === null) throw e;
    }
  });
  const storedAt = new Date().toISOString();
  const inserted = await d1(() => env.DB.prepare(
    `INSERT INTO documents (kind, id, version, digest, stored_by, stored_at)
     SELECT ?1, ?2, COALESCE(MAX(version), 0) + 1, ?3, ?4, ?5 FROM documents WHERE kind = ?1 AND id = ?2
     HAVING COALESCE((SELECT digest FROM documents WHERE kind = ?1 AND id = ?2 ORDER BY version DESC LIMIT 1), '') <> ?3
     RETURNING version`,
  ).bind(kind, id, digest, callerId, storedAt).first());
  if (inserted) return { version: inserted.version, digest, created: true };
  const current = await latestRow(env, kind, id);
  return { version: current.version, digest, created: false };
}

async function latestRow(env, kind, id) {
  return d1(() => env.DB.prepare(
    'SELECT id, version, digest, stored_by, stored_at FROM documents WHERE kind = ?1 AND id = ?2 ORDER BY version DESC LIMIT 1',
  ).bind(kind, id).first());
}

// Bodies read in this isolate, by key. A key names its content, so an entry is never stale.
// Requests share these objects: nothing may change one.
const bodies = new Map();
const MAX_BODIES = 512;

/** The body under a key, from this isolate's memory or KV; null if KV does not show it (yet). */
async function readBody(env, key) {
  const known = bodies.get(key);
  if (known !== undefined) return known;
  const text = await kv(() => env.REGISTRY.get(key));
  if (text === null) return null;
  const body = JSON.parse(text);
  if (bodies.size >= MAX_BODIES) bodies.delete(bodies.keys().next().value);
  bodies.set(key, body);
  return body;
}

async function withBody(env, kind, row) {
  const body = await readBody(env, bodyKey(kind, row.id, row.digest));
  return body === null ? null : { ...row, body };
}

/**
 * The current version of (kind, id) with its body, or null if there is none. A version whose
 * body this location's KV does not see yet (KV spreads writes in up to a minute) answers 503.
 */
export async function getDocument(env, kind, id) {
  const row = await latestRow(env, kind, id);
  if (!row) return null;
  const doc = await withBody(env, kind, row);
  if (!doc) {
    throw new ApiError('storage_propagating', `${kind} ${id} version ${row.version} is stored but not yet visible here; retry`, {}, { 'retry-after': '60' });
  }
  return doc;
}

/** The body of one version of (kind, id) by its digest, or null. */
export function getVersionBody(env, kind, id, digest) {
  return readBody(env, bodyKey(kind, id, digest));
}

/** The current version of every document of a kind, by id; those not yet visible here are left out. */
export async function listDocuments(env, kind) {
  const { results } = await d1(() => env.DB.prepare(
    `SELECT d.id, d.version, d.digest, d.stored_by, d.stored_at FROM documents d
     WHERE d.kind = ?1 AND d.version = (SELECT MAX(version) FROM documents WHERE kind = ?1 AND id = d.id)
     ORDER BY d.id`,
  ).bind(kind).all());
  const docs = await Promise.all(results.map((row) => withBody(env, kind, row)));
  return docs.filter(Boolean);
}
