// The answers every compatibility cell checks (scripts/compat.sh): the caller passes the module
// it imported, so that this file imports nothing and each fixture resolves mcp-naming itself.
// The runner writes its CommonJS twin, shared/check.cjs, from the text between the BEGIN and END
// lines.
// BEGIN check
function check(m) {
  const failures = [];
  let checked = 0;
  const show = (value) => {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  };
  const expect = (what, got, want) => {
    checked += 1;
    if (show(got) !== show(want)) failures.push(`${what}: got ${show(got)}, want ${show(want)}`);
  };
  const attempt = (what, body) => {
    try {
      body();
    } catch (error) {
      checked += 1;
      failures.push(`${what} threw ${(error && error.name) || 'error'}: ${(error && error.message) || error}`);
    }
  };

  attempt("validateToolName('get user profile', 'mcp')", () => {
    const report = m.validateToolName('get user profile', 'mcp');
    expect('validateToolName(…).valid', report.valid, false);
    expect('validateToolName(…).suggestion', report.suggestion, 'get_user_profile');
    expect('validateToolName(…).errors[0].code', report.errors[0] && report.errors[0].code, 'invalid_character');
  });
  attempt("parseToolName('mcp__memory__save', 'claude')", () => {
    const parts = m.parseToolName('mcp__memory__save', 'claude');
    expect('parseToolName(…)', { server: parts.server, tool: parts.tool }, { server: 'memory', tool: 'save' });
  });
  attempt("fitToolName('admin.tools.list', 'openai')", () => {
    expect('fitToolName(…)', m.fitToolName('admin.tools.list', 'openai'), 'admin_tools_list');
  });
  attempt('Router (claude style)', () => {
    const router = new m.Router({ style: 'claude', servers: [{ name: 'memory' }] });
    router.exposeTools('memory', { tools: [{ name: 'read_graph' }] });
    expect("router.mapCallTool({ name: 'memory__read_graph' }).params.name",
      router.mapCallTool({ name: 'memory__read_graph' }).params.name, 'read_graph');
  });
  return { ok: failures.length === 0 && checked === 6, checked, failures };
}
// END check

export { check };
