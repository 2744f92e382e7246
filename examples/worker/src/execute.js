// Execution requests: checked with the package's checkExecuteRequest against the tool's current
// descriptor (schema, metadata, the caller's scopes, workspace paths, dry run), then queued under
// a request id that only one request can take. The result names the descriptor version it ran
// against; an executor (scope registry:execute) records the outcome once.
import { checkExecuteRequest, checkToolOutput } from 'mcp-naming/registry';
import { ApiError, diagnostic } from './errors.js';
import { badField, checkFields, isObject, kind, readJson } from './body.js';
import { ADMIN_SCOPE, EXECUTOR_SCOPE, requireScope } from './auth.js';
import { getDocument, getVersionBody } from './documents.js';
import { completeExecution, executionView, getExecution, insertExecution } from './executions.js';
import { digestJson } from './digest.js';
import { TOOL } from './registry.js';

/** A request id: chosen by the client (for retries that must not run twice) or generated. */
export const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

const ENVELOPE = ['request_id', 'tool_id', 'workspace_id', 'task_id', 'caller_id', 'dry_run', 'input'];

const resultPath = (id) => `/v1/mcp/tools/result/${encodeURIComponent(id)}`;

export async function execute({ env, request, caller }) {
  const body = await readJson(request);
  if (!isObject(body)) checkFields(body, { fields: ENVELOPE });
  // With `input`, the envelope is closed; without, every other field is the tool's input, which
  // its input_schema judges (as checkExecuteRequest reads a request).
  if (Object.hasOwn(body, 'input')) checkFields(body, { fields: ENVELOPE });
  const { request_id: givenId, tool_id: toolId, ...rest } = body;
  if (toolId === undefined) throw badField('tool_id', 'is required', 'invalid_request', 'missing_field');
  if (typeof toolId !== 'string') throw badField('tool_id', `must be a string, got ${kind(toolId)}`, 'invalid_request', 'wrong_type');
  if (givenId !== undefined && (typeof givenId !== 'string' || !REQUEST_ID.test(givenId))) {
    throw badField('request_id', `must be 1 to 128 of A-Z a-z 0-9 . _ : - (starting with a letter or digit), got ${JSON.stringify(givenId)}`);
  }
  const tool = await getDocument(env, TOOL, toolId);
  if (!tool) throw new ApiError('tool_not_found', `no tool ${JSON.stringify(toolId)}`);

  const check = checkExecuteRequest(tool.body, rest, { scopes: [...caller.scopes], caller_id: caller.caller_id });
  if (check.errors.some((d) => d.code === 'missing_scope')) requireScope(caller, tool.body.allowed_scopes, `tool ${toolId}`);
  if (typeof rest.caller_id === 'string' && rest.caller_id !== caller.caller_id) {
    throw new ApiError('caller_mismatch', `caller_id ${JSON.stringify(rest.caller_id)} is not the token's caller, ${JSON.stringify(caller.caller_id)}`);
  }
  if (!check.valid) {
    throw new ApiError('invalid_request', check.errors.map((d) => d.message).join('; '), { diagnostics: check.errors });
  }

  const row = {
    request_id: givenId ?? crypto.randomUUID(),
    caller_id: caller.caller_id,
    tool_id: toolId,
    descriptor_version: tool.version,
    descriptor_digest: tool.digest,
    request_digest: await digestJson({ tool_id: toolId, ...rest }),
    request: JSON.stringify(rest),
    dry_run: rest.dry_run === true,
    requested_at: new Date().toISOString(),
  };
  const { created, row: held } = await insertExecution(env, row);
  // A retry of the same request by the same caller gets the same answer; anything else that
  // reuses the id is refused, whichever arrived first.
  if (!created && (held.caller_id !== row.caller_id || held.request_digest !== row.request_digest)) {
    throw new ApiError('request_id_conflict', `request_id ${JSON.stringify(row.request_id)} is taken by another request`, { request_id: row.request_id });
  }
  const view = executionView(held);
  return Response.json({
    request_id: view.request_id,
    status: view.status,
    tool_id: view.tool_id,
    descriptor_version: view.provenance.descriptor_version,
    dry_run: view.dry_run,
    replayed: !created,
    result: resultPath(view.request_id),
  }, { status: 202, headers: { location: resultPath(view.request_id) } });
}

/** The execution of `id` if this caller may see it: its own, or any for admins and executors. */
async function visibleExecution(env, caller, id) {
  if (!REQUEST_ID.test(id)) throw new ApiError('invalid_path', `${JSON.stringify(id)} is not a request id`);
  const row = await getExecution(env, id);
  const mayRead = row && (row.caller_id === caller.caller_id || [ADMIN_SCOPE, EXECUTOR_SCOPE].some((s) => caller.scopes.includes(s)));
  // Another caller's request is not found, rather than forbidden: ids say nothing to others.
  if (!mayRead) throw new ApiError('result_not_found', `no request ${JSON.stringify(id)}`);
  return row;
}

export async function getResult({ env, params, caller }) {
  return Response.json(executionView(await visibleExecution(env, caller, params.id)));
}

const RESULT_FIELDS = ['status', 'output', 'error'];

/** An executor records a queued request's outcome: succeeded with an output, or failed with an error. */
export async function recordResult({ env, request, params, caller }) {
  requireScope(caller, [EXECUTOR_SCOPE], 'recording a result');
  const body = checkFields(await readJson(request), { fields: RESULT_FIELDS, required: ['status'], code: 'invalid_result' });
  const row = await visibleExecution(env, caller, params.id);
  const problems = [];
  if (body.status === 'succeeded') {
    if (Object.hasOwn(body, 'error')) problems.push(diagnostic('unknown_field', 'error', 'a succeeded result has no error'));
    if (!Object.hasOwn(body, 'output')) problems.push(diagnostic('missing_field', 'output', 'is required for a succeeded result'));
    else {
      const descriptor = await getVersionBody(env, TOOL, row.tool_id, row.descriptor_digest);
      if (!descriptor) throw new ApiError('storage_propagating', `tool ${row.tool_id} version ${row.descriptor_version} is not yet visible here; retry`, {}, { 'retry-after': '60' });
      problems.push(...checkToolOutput(descriptor, body.output).errors);
    }
  } else if (body.status === 'failed') {
    if (Object.hasOwn(body, 'output')) problems.push(diagnostic('unknown_field', 'output', 'a failed result has no output'));
    const e = body.error;
    const ok = isObject(e) && Object.keys(e).every((k) => k === 'code' || k === 'message')
      && typeof e.code === 'string' && e.code !== '' && typeof e.message === 'string';
    if (!ok) problems.push(diagnostic('invalid_value', 'error', 'must be { "code": non-empty string, "message": string }'));
  } else {
    problems.push(diagnostic('invalid_value', 'status', `must be "succeeded" or "failed", got ${JSON.stringify(body.status)}`));
  }
  if (problems.length) throw new ApiError('invalid_result', problems.map((d) => d.message).join('; '), { diagnostics: problems });
  const done = await completeExecution(env, row.request_id, { ...body, completedBy: caller.caller_id });
  if (!done) throw new ApiError('result_already_recorded', `request ${JSON.stringify(row.request_id)} already has a result`);
  return Response.json(executionView(done));
}
