// Name checks as a service, for gateways that cannot load wasm: validate names by convention, fit
// them to a model provider, and route them through a Router whose config is stored under a key.
import { CONVENTIONS, PROVIDERS, Router, fitToolName, fitToolNames, validateToolName } from 'mcp-naming';
import { ApiError } from './errors.js';
import { badField, checkFields, isObject, kind, readJson } from './body.js';
import { ADMIN_SCOPE, requireScope } from './auth.js';
import { getDocument, putDocument } from './documents.js';

const ROUTER = 'router';
/** At most this many names in one request. */
export const MAX_NAMES = 1000;
/** A router key. */
export const ROUTER_KEY = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

/** Runs a package call; its NamingError is the caller's mistake (422 naming_error), kept whole. */
function naming(call, code = 'naming_error') {
  try {
    return call();
  } catch (e) {
    if (e?.name !== 'NamingError') throw e;
    throw new ApiError(code, e.message, { naming_code: e.code, diagnostics: e.diagnostics, suggestions: e.suggestions });
  }
}

function oneOf(value, allowed, path) {
  if (!allowed.includes(value)) throw badField(path, `must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  return value;
}

/** `name` (a string) or `names` (an array of at most MAX_NAMES strings), exactly one of them. */
function nameOrNames(body) {
  const hasName = Object.hasOwn(body, 'name');
  if (hasName === Object.hasOwn(body, 'names')) throw badField(hasName ? 'names' : 'name', 'give exactly one of name and names', 'invalid_request', hasName ? 'unknown_field' : 'missing_field');
  if (hasName) {
    if (typeof body.name !== 'string') throw badField('name', `must be a string, got ${kind(body.name)}`, 'invalid_request', 'wrong_type');
    return { single: body.name };
  }
  const { names } = body;
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) throw badField('names', 'must be an array of strings', 'invalid_request', 'wrong_type');
  if (names.length > MAX_NAMES) throw badField('names', `has ${names.length} names; send at most ${MAX_NAMES}`);
  return { many: names };
}

export async function validateNames({ request }) {
  const body = checkFields(await readJson(request), { fields: ['convention', 'name', 'names', 'options'], required: ['convention'] });
  const convention = oneOf(body.convention, CONVENTIONS, 'convention');
  if (body.options !== undefined && !isObject(body.options)) throw badField('options', `must be an object, got ${kind(body.options)}`, 'invalid_request', 'wrong_type');
  const { single, many } = nameOrNames(body);
  const check = (n) => naming(() => validateToolName(n, convention, body.options));
  return Response.json(many ? { reports: many.map(check) } : { report: check(single) });
}

export async function fitNames({ request }) {
  const body = checkFields(await readJson(request), { fields: ['provider', 'name', 'names', 'taken'], required: ['provider'] });
  const provider = oneOf(body.provider, PROVIDERS, 'provider');
  const { single, many } = nameOrNames(body);
  if (body.taken !== undefined) {
    if (many) throw badField('taken', 'goes with name, not names (names are fitted apart from each other)', 'invalid_request', 'unknown_field');
    if (!Array.isArray(body.taken) || body.taken.some((n) => typeof n !== 'string')) throw badField('taken', 'must be an array of strings', 'invalid_request', 'wrong_type');
  }
  if (many) return Response.json({ provider, fitted: naming(() => fitToolNames(many, provider)) });
  return Response.json({ provider, name: single, fitted: naming(() => fitToolName(single, provider, { taken: body.taken ?? [] })) });
}

/** A Router built from a stored document `{ config, tools: { server: [names] } }`. */
function buildRouter({ config, tools = {} }, code) {
  return naming(() => {
    const router = new Router(config);
    for (const [server, names] of Object.entries(tools)) router.expose(server, names);
    return router;
  }, code);
}

// Routers built in this isolate, by the digest of their document (a new version is a new digest).
const built = new Map();
const MAX_BUILT = 32;

function cachedRouter(doc) {
  let router = built.get(doc.digest);
  if (!router) {
    router = buildRouter(doc.body, 'invalid_router');
    if (built.size >= MAX_BUILT) built.delete(built.keys().next().value);
    built.set(doc.digest, router);
  }
  return router;
}

export async function putRouter({ env, request, params, caller }) {
  requireScope(caller, [ADMIN_SCOPE], 'storing a router');
  if (!ROUTER_KEY.test(params.key)) throw new ApiError('invalid_path', `router key ${JSON.stringify(params.key)} must match ${ROUTER_KEY.source}`);
  const body = checkFields(await readJson(request), { fields: ['config', 'tools'], required: ['config'], code: 'invalid_router' });
  if (!isObject(body.config)) throw badField('config', `must be an object, got ${kind(body.config)}`, 'invalid_router', 'wrong_type');
  if (body.tools !== undefined && (!isObject(body.tools) || Object.values(body.tools).some((t) => !Array.isArray(t)))) {
    throw badField('tools', 'must be an object of server name -> array of tool names', 'invalid_router', 'wrong_type');
  }
  buildRouter(body, 'invalid_router');
  const stored = await putDocument(env, ROUTER, params.key, body, caller.caller_id);
  return Response.json({ key: params.key, version: stored.version, created: stored.created }, { status: stored.created ? 201 : 200 });
}

export async function routeName({ env, request }) {
  const body = checkFields(await readJson(request), { fields: ['router', 'name'], required: ['router', 'name'] });
  if (typeof body.router !== 'string') throw badField('router', `must be a string, got ${kind(body.router)}`, 'invalid_request', 'wrong_type');
  if (typeof body.name !== 'string') throw badField('name', `must be a string, got ${kind(body.name)}`, 'invalid_request', 'wrong_type');
  const doc = ROUTER_KEY.test(body.router) ? await getDocument(env, ROUTER, body.router) : null;
  if (!doc) throw new ApiError('router_not_found', `no router ${JSON.stringify(body.router)}`);
  const route = naming(() => cachedRouter(doc).route(body.name));
  return Response.json({ router: body.router, version: doc.version, name: body.name, route });
}
