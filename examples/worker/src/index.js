// The tool registry Worker: the route table, authentication, and the one place where errors
// become responses. Every route needs a bearer token (see auth.js).
import { ApiError } from './errors.js';
import { authenticate } from './auth.js';
import { discardBody } from './body.js';
import { routes } from '../../workers-shared/router.js';
import { listLanguages, listTools, putLanguage, putTool } from './registry.js';
import { execute, getResult, recordResult } from './execute.js';
import { fitNames, putRouter, routeName, validateNames } from './names.js';

const match = routes([
  ['GET', '/v1/mcp/languages', listLanguages],
  ['PUT', '/v1/mcp/languages/{id}', putLanguage],
  ['GET', '/v1/mcp/tools', listTools],
  ['PUT', '/v1/mcp/tools/{id}', putTool],
  ['POST', '/v1/mcp/tools/execute', execute],
  ['GET', '/v1/mcp/tools/result/{id}', getResult],
  ['POST', '/v1/mcp/tools/result/{id}', recordResult],
  ['POST', '/v1/names/validate', validateNames],
  ['POST', '/v1/names/fit', fitNames],
  ['POST', '/v1/names/route', routeName],
  ['PUT', '/v1/names/routers/{key}', putRouter],
]);

async function handle(request, env) {
  try {
    const url = new URL(request.url);
    const { handler, params } = match(request.method, url.pathname);
    const caller = await authenticate(request, env);
    return await handler({ request, env, url, params, caller });
  } catch (e) {
    if (e instanceof ApiError) return e.toResponse();
    console.error('internal error', e?.stack ?? e);
    return new ApiError('internal_error', 'the service failed; the request was not stored').toResponse();
  }
}

export default {
  async fetch(request, env) {
    const response = await handle(request, env);
    await discardBody(request);
    return response;
  },
};
