// The route table's matching: a path of literal segments and `{name}` parameters, per method.
// An unknown path is 404 not_found; a known path with another method is 405 with Allow.
import { ApiError } from './errors.js';

/** Compiles routes `[method, pattern, handler]` into a matcher. */
export function routes(table) {
  const compiled = table.map(([method, pattern, handler]) => ({ method, segments: pattern.split('/').slice(1), handler, pattern }));
  return function match(method, pathname) {
    const parts = pathname.split('/').slice(1);
    const allowed = [];
    for (const route of compiled) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method) return { handler: route.handler, params };
      allowed.push(route.method);
    }
    if (allowed.length) {
      throw new ApiError('method_not_allowed', `${method} is not allowed on ${pathname}: use ${allowed.join(', ')}`, { allowed }, { allow: allowed.join(', ') });
    }
    throw new ApiError('not_found', `no route ${pathname}`);
  };
}

function matchSegments(segments, parts) {
  if (segments.length !== parts.length) return null;
  const params = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.startsWith('{')) {
      if (parts[i] === '') return null;
      params[s.slice(1, -1)] = decode(parts[i]);
    } else if (s !== parts[i]) {
      return null;
    }
  }
  return params;
}

function decode(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new ApiError('invalid_path', `path segment ${JSON.stringify(part)} is not valid percent-encoding`);
  }
}
