// The Worker: authentication, the route table, and the hop to the agent's Durable Object, which
// holds the registry (registry.js) and serves its MCP endpoint (mcp.js). Every route needs a
// bearer token; the agent in the path picks the object (one per agent, by name).
import { ApiError } from './errors.js';
import { authenticate, requireScope } from './auth.js';
import { discardBody, readJson } from '../../workers-shared/body.js';
import { routes } from '../../workers-shared/router.js';
import { isObject } from './config.js';
import { settings } from './settings.js';

export { AgentRegistry } from './registry.js';

/** An agent's name: the key of its Durable Object. */
const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function agentOf(params) {
  if (!AGENT_NAME.test(params.agent)) {
    throw new ApiError('invalid_path', `agent ${JSON.stringify(params.agent)} is not 1 to 64 of A-Z a-z 0-9 . _ - starting with a letter or digit`);
  }
  return params.agent;
}

function stub(env, agent) {
  return env.AGENTS.get(env.AGENTS.idFromName(agent));
}

/** An answer `{ status, body, headers? }` from the Durable Object, as a response. */
function answer({ status, body, headers = {} }) {
  return Response.json(body, { status, headers });
}

// The agent's MCP endpoint: the request goes to its object as it came, minus the token.
async function mcp({ request, env, params, caller }) {
  const agent = agentOf(params);
  requireScope(caller, 'agent', agent, 'the MCP endpoint');
  const headers = new Headers(request.headers);
  headers.delete('authorization');
  headers.set('x-agent-name', agent);
  return stub(env, agent).fetch(new Request(request.url, { method: request.method, headers, body: request.body }));
}

async function listMcps({ env, params, caller, url }) {
  const agent = agentOf(params);
  requireScope(caller, 'agent', agent, 'listing the MCP servers');
  noQuery(url, []);
  return answer(await stub(env, agent).view(agent, 'mcps', null));
}

async function listTools({ env, params, caller, url }) {
  const agent = agentOf(params);
  requireScope(caller, 'agent', agent, 'listing the tools');
  noQuery(url, ['mcp']);
  return answer(await stub(env, agent).view(agent, 'tools', url.searchParams.get('mcp')));
}

async function getServers({ env, params, caller, url }) {
  const agent = agentOf(params);
  requireScope(caller, 'admin', agent, 'reading the server configuration');
  noQuery(url, []);
  return answer(await stub(env, agent).getServers(agent));
}

async function putServer({ request, env, params, caller }) {
  const agent = agentOf(params);
  requireScope(caller, 'admin', agent, 'adding or replacing a server');
  const body = await readJson(request);
  return answer(await stub(env, agent).putServer(agent, params.name, body));
}

async function deleteServer({ env, params, caller }) {
  const agent = agentOf(params);
  requireScope(caller, 'admin', agent, 'removing a server');
  return answer(await stub(env, agent).removeServer(agent, params.name));
}

const toggle = (enabled) => async ({ env, params, caller }) => {
  const agent = agentOf(params);
  requireScope(caller, 'admin', agent, `${enabled ? 'enabling' : 'disabling'} a server`);
  return answer(await stub(env, agent).setEnabled(agent, params.name, enabled));
};

async function putAliases({ request, env, params, caller }) {
  const agent = agentOf(params);
  requireScope(caller, 'admin', agent, 'setting the aliases');
  const body = await readJson(request);
  return answer(await stub(env, agent).putAliases(agent, body));
}

async function putGateway({ request, env, params, caller }) {
  const agent = agentOf(params);
  requireScope(caller, 'admin', agent, 'configuring the agent from a gateway.json');
  const body = await readJson(request);
  return answer(await stub(env, agent).putGateway(agent, body));
}

async function discover({ request, env, params, caller }) {
  const agent = agentOf(params);
  requireScope(caller, 'admin', agent, 'listing the servers again');
  let names = null;
  if (request.headers.get('content-length') !== '0' && request.body !== null) {
    const body = await readJson(request);
    const ok = isObject(body) && Object.keys(body).every((k) => k === 'servers')
      && (body.servers === undefined || (Array.isArray(body.servers) && body.servers.every((s) => typeof s === 'string')));
    if (!ok) throw new ApiError('invalid_request', 'the body must be {} or { "servers": ["<name>", ...] }');
    names = body.servers ?? null;
  }
  return answer(await stub(env, agent).rediscover(agent, names));
}

function noQuery(url, allowed) {
  for (const key of url.searchParams.keys()) {
    if (!allowed.includes(key)) throw new ApiError('invalid_query', `unknown query parameter ${JSON.stringify(key)}${allowed.length ? `: use ${allowed.join(', ')}` : ''}`);
  }
  for (const key of allowed) {
    if (url.searchParams.getAll(key).length > 1) throw new ApiError('invalid_query', `query parameter ${key} given twice`);
  }
}

const match = routes([
  ['POST', '/agents/{agent}/mcp', mcp],
  ['GET', '/agents/{agent}/mcp', mcp],
  ['DELETE', '/agents/{agent}/mcp', mcp],
  ['GET', '/agents/{agent}/mcps', listMcps],
  ['GET', '/agents/{agent}/tools', listTools],
  ['GET', '/agents/{agent}/servers', getServers],
  ['PUT', '/agents/{agent}/servers/{name}', putServer],
  ['DELETE', '/agents/{agent}/servers/{name}', deleteServer],
  ['POST', '/agents/{agent}/servers/{name}/enable', toggle(true)],
  ['POST', '/agents/{agent}/servers/{name}/disable', toggle(false)],
  ['PUT', '/agents/{agent}/aliases', putAliases],
  ['PUT', '/agents/{agent}/gateway', putGateway],
  ['POST', '/agents/{agent}/discover', discover],
]);

async function handle(request, env) {
  try {
    const url = new URL(request.url);
    const { handler, params } = match(request.method, url.pathname);
    const caller = await authenticate(request, env);
    const { ALLOWED_ORIGINS } = settings(env); // a misconfigured var refuses every route
    // A browser says where the page calling came from (DNS rebinding, cross-site use of a token).
    const origin = request.headers.get('origin');
    if (origin !== null && !ALLOWED_ORIGINS.includes(origin)) {
      throw new ApiError('origin_not_allowed', `origin ${JSON.stringify(origin)} is not in ALLOWED_ORIGINS`);
    }
    return await handler({ request, env, url, params, caller });
  } catch (e) {
    if (e instanceof ApiError) return e.toResponse();
    console.error('internal error', e?.stack ?? e);
    return new ApiError('internal_error', 'the service failed; nothing was changed').toResponse();
  }
}

export default {
  async fetch(request, env) {
    const response = await handle(request, env);
    if (!request.bodyUsed) await discardBody(request);
    return response;
  },
};
