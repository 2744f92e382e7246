// Execution requests and their results in D1. A request is inserted only if its id is not taken
// (the primary key decides, in one statement), and a result is recorded only while the request is
// still queued: of two writers racing for one id, exactly one wins and the other is told so.
import { d1 } from './storage.js';

/**
 * Inserts the request unless its id exists. Returns { created: true, row } for the winner, and
 * { created: false, row } with the row that holds the id for everyone else.
 */
export async function insertExecution(env, row) {
  const won = await d1(() => env.DB.prepare(
    `INSERT INTO executions (request_id, caller_id, tool_id, descriptor_version, descriptor_digest,
       request_digest, request, dry_run, status, requested_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'queued', ?9)
     ON CONFLICT (request_id) DO NOTHING
     RETURNING *`,
  ).bind(
    row.request_id, row.caller_id, row.tool_id, row.descriptor_version, row.descriptor_digest,
    row.request_digest, row.request, row.dry_run ? 1 : 0, row.requested_at,
  ).first());
  if (won) return { created: true, row: won };
  return { created: false, row: await getExecution(env, row.request_id) };
}

export async function getExecution(env, requestId) {
  return d1(() => env.DB.prepare('SELECT * FROM executions WHERE request_id = ?1').bind(requestId).first());
}

/** Records the outcome of a queued request; null if it was no longer queued (someone else won). */
export async function completeExecution(env, requestId, { status, output, error, completedBy }) {
  return d1(() => env.DB.prepare(
    `UPDATE executions SET status = ?2, output = ?3, error = ?4, completed_by = ?5, completed_at = ?6
     WHERE request_id = ?1 AND status = 'queued'
     RETURNING *`,
  ).bind(
    requestId, status, output === undefined ? null : JSON.stringify(output),
    error === undefined ? null : JSON.stringify(error), completedBy, new Date().toISOString(),
  ).first());
}

/** The row as the API shows it: the request, its status, output, and provenance. */
export function executionView(row) {
  return {
    request_id: row.request_id,
    tool_id: row.tool_id,
    status: row.status,
    dry_run: row.dry_run === 1,
    request: JSON.parse(row.request),
    output: row.output === null ? null : JSON.parse(row.output),
    error: row.error === null ? null : JSON.parse(row.error),
    provenance: {
      caller_id: row.caller_id,
      descriptor_version: row.descriptor_version,
      requested_at: row.requested_at,
      completed_by: row.completed_by,
      completed_at: row.completed_at,
    },
  };
}
