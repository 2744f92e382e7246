// The registry's catalogue: language profiles and tool descriptors, listed by anyone with a
// token and stored by callers with registry:write, each only when the package's checks pass.
import { validateLanguageProfile, validateToolDescriptor, toolsForLanguage } from 'mcp-naming/registry';
import { ApiError, diagnostic } from './errors.js';
import { readJson } from './body.js';
import { ADMIN_SCOPE, requireScope } from './auth.js';
import { getDocument, listDocuments, putDocument } from './documents.js';

export const LANGUAGE = 'language';
export const TOOL = 'tool';

export async function listLanguages({ env }) {
  const docs = await listDocuments(env, LANGUAGE);
  return Response.json({
    languages: docs.map((d) => d.body),
    versions: Object.fromEntries(docs.map((d) => [d.id, d.version])),
  });
}

export async function listTools({ env, url }) {
  const params = [...url.searchParams.keys()];
  const unknown = params.filter((k) => k !== 'language');
  if (unknown.length) throw new ApiError('invalid_query', `unknown query parameter ${JSON.stringify(unknown[0])}: use language`);
  if (url.searchParams.getAll('language').length > 1) throw new ApiError('invalid_query', 'give language once');
  const language = url.searchParams.get('language');
  if (language !== null && !(await getDocument(env, LANGUAGE, language))) {
    throw new ApiError('language_not_found', `no language profile ${JSON.stringify(language)}`);
  }
  const docs = await listDocuments(env, TOOL);
  // toolsForLanguage answers with the very objects it was given.
  const mine = language === null ? null : new Set(toolsForLanguage(docs.map((d) => d.body), language));
  const chosen = mine === null ? docs : docs.filter((d) => mine.has(d.body));
  return Response.json({
    language,
    tools: chosen.map((d) => d.body),
    versions: Object.fromEntries(chosen.map((d) => [d.id, d.version])),
  });
}

/** The longest id of a profile or descriptor, in UTF-8 bytes (it is part of a KV key). */
export const MAX_ID_BYTES = 128;

/** PUT handler for a document checked by `validate`, whose `idField` must equal the path's id. */
function putChecked({ kind, idField, validate, invalidCode, extraChecks = async () => [] }) {
  return async ({ env, request, params, caller }) => {
    requireScope(caller, [ADMIN_SCOPE], `storing a ${kind}`);
    if (new TextEncoder().encode(params.id).length > MAX_ID_BYTES) {
      throw new ApiError('invalid_path', `a ${kind} id is at most ${MAX_ID_BYTES} bytes`);
    }
    const body = await readJson(request);
    const check = validate(body);
    if (!check.valid) {
      throw new ApiError(invalidCode, `the ${kind} is not valid: ${check.errors.map((d) => d.message).join('; ')}`, { diagnostics: check.errors });
    }
    if (body[idField] !== params.id) {
      throw new ApiError('id_mismatch', `${idField} ${JSON.stringify(body[idField])} is not the id in the path, ${JSON.stringify(params.id)}`, {
        diagnostics: [diagnostic('id_mismatch', idField, `must be ${JSON.stringify(params.id)}, the id in the path`)],
      });
    }
    const more = await extraChecks(env, body);
    if (more.length) throw new ApiError(invalidCode, more.map((d) => d.message).join('; '), { diagnostics: more });
    const stored = await putDocument(env, kind, params.id, body, caller.caller_id);
    return Response.json({ [idField]: params.id, version: stored.version, created: stored.created }, { status: stored.created ? 201 : 200 });
  };
}

export const putLanguage = putChecked({
  kind: LANGUAGE, idField: 'id', validate: validateLanguageProfile, invalidCode: 'invalid_profile',
});

export const putTool = putChecked({
  kind: TOOL,
  idField: 'tool_id',
  validate: validateToolDescriptor,
  invalidCode: 'invalid_descriptor',
  // A descriptor for a language names a profile the registry holds.
  extraChecks: async (env, body) => (body.language === null || (await getDocument(env, LANGUAGE, body.language))
    ? []
    : [diagnostic('unknown_language', 'language', `no language profile ${JSON.stringify(body.language)}: store it first`)]),
});
