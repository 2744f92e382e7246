// A Worker that answers a fetch with a validation result, using the package's workerd entry.
import { validateToolName, parseToolName, fitToolName, NamingError } from '../../../pkg/workerd.mjs';

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const name = url.searchParams.get('name') ?? '';
    const convention = url.searchParams.get('convention') ?? 'mcp';
    if (url.pathname === '/parse') {
      try {
        return Response.json({ parts: parseToolName(name, convention) });
      } catch (e) {
        if (!(e instanceof NamingError)) throw e;
        return Response.json({ code: e.code, message: e.message, suggestions: e.suggestions }, { status: 400 });
      }
    }
    if (url.pathname === '/fit') return Response.json({ fitted: fitToolName(name, url.searchParams.get('provider')) });
    return Response.json(validateToolName(name, convention));
  },
};
