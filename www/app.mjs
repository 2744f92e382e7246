// The playground: live validation (and, in "all (detect)", every convention's verdict with the
// near misses and their fix), conversion, provider checks, resource URIs, and a router with what
// each MCP client shows of its tools, and the router's tools as code (code mode), all through the
// npm package in this page. The state lives in the URL hash.
import {
  CONVENTIONS, PROVIDERS, ROUTER_STYLES, CLIENTS, conventions, validateToolName, explainName, convertToolName, checkProviders,
  fitToolName, validateResourceUri, Router,
} from '/pkg/index.mjs';

const $ = (id) => document.getElementById(id);

// Code mode and MCP Registry server names are their own part of the package (mcp-naming/codemode,
// with its own .wasm): imported the first time a panel needs them, then the page is drawn again.
let codemode = null;
let codemodeLoading = null;
function codeModePart() {
  if (codemode === null && codemodeLoading === null) {
    codemodeLoading = import('/pkg/codemode.mjs').then((m) => {
      codemode = m;
      document.body.dataset.codemode = 'ready';
      update();
    });
  }
  return codemode;
}

const SEED_003_CONFIG = {
  style: 'syntropy',
  gateway: 'syntropy',
  servers: [
    { name: 'serena' },
    { name: 'thinking', pool: 'syn-thinking', upstreamPrefix: 'mcp__sequential-thinking__' },
    { name: 'context7', upstream: 'hyphens' },
    { name: 'linear', upstreamPrefix: 'mcp__linear-server__' },
    { name: 'filesystem' },
    { name: 'git' },
    { name: 'repomix' },
    { name: 'github' },
    { name: 'perplexity' },
  ],
  builtins: ['healthcheck', 'init_project', 'enable_tools', 'list_all_tools'],
  provider: 'anthropic',
  // Syntropy routes a server's names by parse before it has listed them.
  strict: false,
};

/** A tool object as a tools/list result gives it: a description and the input parameters' names. */
const tool = (name, description, ...params) => ({
  name, description, inputSchema: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])) },
});

/** The example servers' tools/list results (what search ranks), by server name. */
const CATALOG = {
  serena: [
    tool('find_symbol', 'Find classes, functions and variables by their name path in the project', 'name_path', 'relative_path', 'depth'),
    tool('get_symbols_overview', 'Overview of the top-level symbols defined in a file', 'relative_path'),
    tool('replace_symbol_body', 'Replace the body of a function, class or method', 'name_path', 'relative_path', 'body'),
    tool('search_for_pattern', 'Search the project files for a regular expression', 'substring_pattern', 'relative_path'),
  ],
  thinking: [tool('sequentialthinking', 'Think step by step: revise, branch and verify a chain of thoughts', 'thought', 'thought_number')],
  context7: [
    tool('resolve-library-id', 'Resolve a package or library name to a Context7 library ID', 'libraryName'),
    tool('get-library-docs', 'Fetch up-to-date documentation for a library by its Context7 ID', 'context7CompatibleLibraryID', 'topic', 'tokens'),
  ],
  linear: [
    tool('create_issue', 'Create a Linear issue in a team', 'title', 'description', 'teamId'),
    tool('list_issues', 'List Linear issues assigned to a user or in a project', 'assignee', 'project', 'state'),
    tool('update_issue', 'Update the status, assignee or title of a Linear issue', 'id', 'state', 'assignee'),
  ],
  filesystem: [
    tool('read_file', 'Read the complete contents of a file', 'path'),
    tool('write_file', 'Create a file or overwrite it with new content', 'path', 'content'),
    tool('list_directory', 'List the files and directories in a directory', 'path'),
    tool('search_files', 'Search for files whose names match a pattern, recursively', 'path', 'pattern'),
  ],
  git: [
    tool('git_status', 'Show the working tree status', 'repo_path'),
    tool('git_diff', 'Show the changes between the working tree and a commit', 'repo_path', 'target'),
    tool('git_commit', 'Record the staged changes in the repository', 'repo_path', 'message'),
    tool('git_log', 'Show the commit history', 'repo_path', 'max_count'),
  ],
  repomix: [tool('pack_codebase', 'Pack a local code directory into one AI-friendly file', 'directory', 'compress')],
  github: [
    tool('create_issue', 'Open a new issue in a GitHub repository', 'owner', 'repo', 'title', 'body'),
    tool('search_code', 'Search code across GitHub repositories', 'query', 'page'),
    tool('create_pull_request', 'Open a pull request from a branch', 'owner', 'repo', 'head', 'base', 'title'),
    tool('get_file_contents', 'Get the contents of a file or directory in a repository', 'owner', 'repo', 'path'),
  ],
  gitlab: [
    tool('create_issue', 'Open a new issue in a GitLab project', 'project_id', 'title', 'description'),
    tool('search_code', 'Search code in GitLab projects', 'search', 'project_id'),
    tool('delete_project', 'Delete a GitLab project', 'project_id'),
  ],
  perplexity: [tool('perplexity_ask', 'Ask the web a question and get an answer with its sources', 'messages')],
  'io.github.acme/weather': [
    tool('get_forecast', 'The forecast for a city: "*/" and "@" in a description stay text', 'city', 'days'),
    tool('get-alerts', 'Weather alerts in force for a region', 'region'),
    tool('delete', 'Forget a saved city', 'city'),
  ],
  'com.example/weather': [tool('get_forecast', 'Another registry server named weather: its own namespace', 'city')],
};

/** Issue 37: MCP Registry names as server names, and the tools as code. */
const REGISTRY_CONFIG = {
  style: 'claude',
  servers: [{ name: 'io.github.acme/weather' }, { name: 'com.example/weather' }, { name: 'github' }],
};

/** The overrides and conflicts of issue 26: a rename and a description, and a priority. */
const OVERRIDES_CONFIG = {
  style: 'agent',
  servers: [{ name: 'gitlab' }, { name: 'github' }],
  prefixMode: 'conditional',
  conflicts: { priority: ['github'] },
  tools: [
    { server: 'github', tool: 'search_code', name: 'code_search', description: 'Search code on GitHub: every public repository and yours' },
    { server: 'gitlab', tool: 'delete_project', enabled: false },
  ],
};

const lines = (tools) => tools.map((t) => t.name).join('\n');

/** The configurations to start from: the first is the default. */
const PRESETS = {
  'seed 003 (Syntropy)': { config: SEED_003_CONFIG, server: 'context7', call: 'mcp__syntropy__context7_get_library_doc', cmCall: 'context7.resolveLibraryId' },
  'overrides and conflicts (issue 26)': { config: OVERRIDES_CONFIG, server: 'github', call: 'code_search', cmCall: 'github.codeSearch' },
  'registry names and code mode (issue 37)': { config: REGISTRY_CONFIG, server: 'io.github.acme/weather', call: 'acme-weather__get_forecast', cmCall: 'acmeWeather.getForecast' },
  'search mode (discovery)': {
    config: { ...SEED_003_CONFIG, discovery: { mode: 'search', always: ['mcp__syntropy__context7_resolve_library_id'] } },
    server: 'context7', call: 'mcp__syntropy__context7_get_library_docs', cmCall: 'context7.getLibraryDocs',
  },
};

const DEFAULTS = {
  mode: 'name',
  name: 'MyProject:CreateTask',
  convention: 'chora',
  uri: 'MyProject://Templates/DailyReport.md',
  ns: '',
  config: JSON.stringify(SEED_003_CONFIG, null, 2),
  server: 'context7',
  tools: 'resolve-library-id\nget-library-docs',
  call: 'mcp__syntropy__context7_get_library_doc',
  compare: 'claude',
  clientServer: '',
  search: 'library docs',
  searchServer: '',
  cmLanguage: 'typescript',
  cmView: 'mcp-naming',
  cmLayout: 'object',
  cmCall: 'context7.resolveLibraryId',
};

const state = { ...DEFAULTS };
const info = new Map(conventions().map((c) => [c.id, c]));

function save() {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) if (value !== DEFAULTS[key]) params.set(key, value);
  history.replaceState(null, '', params.size ? `#${params}` : location.pathname);
}

function load() {
  const params = new URLSearchParams(location.hash.slice(1));
  for (const key of Object.keys(DEFAULTS)) state[key] = params.get(key) ?? DEFAULTS[key];
  if (!['name', 'uri', 'router'].includes(state.mode)) state.mode = 'name';
  if (state.convention !== 'all' && !CONVENTIONS.includes(state.convention)) state.convention = DEFAULTS.convention;
  for (const [key, id] of [['cmLanguage', 'cm-language'], ['cmView', 'cm-view'], ['cmLayout', 'cm-layout']]) {
    if (![...$(id).options].some((o) => o.value === state[key])) state[key] = DEFAULTS[key];
  }
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The text with each diagnostic's span wrapped in <mark>, built as DOM nodes (no HTML parsing). */
function highlight(target, text, diagnostics) {
  const marks = diagnostics.filter((d) => d.end > d.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const nodes = [];
  let at = 0;
  for (const d of marks) {
    if (d.start < at) continue;
    nodes.push(text.slice(at, d.start));
    nodes.push(el('mark', { className: d.severity, title: `${d.code}: ${d.message}` }, text.slice(d.start, d.end)));
    at = d.end;
  }
  nodes.push(text.slice(at));
  target.replaceChildren(...nodes);
}

function listDiagnostics(target, diagnostics) {
  target.replaceChildren(
    ...diagnostics.map((d) =>
      el('li', { className: d.severity }, el('strong', {}, d.severity), ' ', el('span', { className: 'code' }, d.code), ' ', d.message),
    ),
  );
}

function fillTable(table, rows) {
  table.tBodies[0].replaceChildren(...rows.map((cells) => el('tr', {}, ...cells.map((c, i) => el(i === 0 ? 'th' : 'td', {}, c)))));
}

function setVerdict(node, valid, text) {
  node.textContent = text;
  node.className = valid ? 'valid' : 'invalid';
}

// ---- Tool-name mode

let suggestion = null;

const ORDER = new Map(CONVENTIONS.map((c, i) => [c, i]));

/** The near misses of detect mode: each convention the name narrowly misses, with its fix. */
function listNearMisses(misses) {
  $('near-misses-row').hidden = misses.length === 0;
  $('near-misses').replaceChildren(
    ...misses.map((r) => {
      const [first] = r.errors;
      const use = el('button', { type: 'button', className: 'use', title: `use the ${r.convention} fix` }, r.suggestion);
      use.addEventListener('click', () => {
        state.name = r.suggestion;
        $('name').value = r.suggestion;
        update();
      });
      return el('li', { className: 'near' },
        el('strong', {}, r.convention), ' ', use,
        first ? el('span', {}, ' ', el('span', { className: 'code' }, first.code), ' ', first.message) : '');
    }),
  );
}

function renderName() {
  const name = state.name;
  const chosen = state.convention;
  $('grammar').textContent = chosen === 'all' ? '' : info.get(chosen).grammar;
  let source = chosen;
  let valid = [];
  let misses = [];
  if (chosen === 'all') {
    // explainName: the conventions it is valid in (in the package's order, as detectConventions
    // gives them), then the near misses with their fix, nearest first.
    const explained = explainName(name);
    valid = explained.filter((r) => r.valid).sort((a, b) => ORDER.get(a.convention) - ORDER.get(b.convention));
    misses = explained.filter((r) => !r.valid && r.suggestion !== null);
    setVerdict($('verdict'), valid.length > 0, valid.length ? `valid in: ${valid.map((r) => r.convention).join(', ')}` : 'valid in no convention');
    source = valid[0]?.convention ?? misses[0]?.convention ?? 'mcp';
  }
  listNearMisses(misses);
  const report = validateToolName(name, source);
  if (chosen !== 'all') setVerdict($('verdict'), report.valid, `${report.valid ? 'valid' : 'invalid'} ${chosen} name`);
  const all = [...report.errors, ...report.warnings];
  highlight($('highlight'), name, all);
  listDiagnostics($('diagnostics'), chosen === 'all' && valid.length ? report.warnings : all);
  suggestion = chosen === 'all' && valid.length ? null : report.suggestion;
  $('suggestion-row').hidden = suggestion === null;
  $('suggestion').textContent = suggestion ?? '';

  const parts = report.parts;
  fillTable($('parts'), parts
    ? Object.entries(parts).map(([k, v]) => [k, Array.isArray(v) ? v.join(' · ') : v === null ? '(none)' : v])
    : [[el('span', { className: 'muted' }, `does not parse as ${source}`)]]);

  const conversions = [];
  if (report.valid) {
    for (const target of CONVENTIONS) {
      if (target === source) continue;
      try {
        conversions.push([target, convertToolName(name, source, target)]);
      } catch (e) {
        conversions.push([target, el('span', { className: 'muted', title: e.message }, '—')]);
      }
    }
  }
  fillTable($('conversions'), conversions.length ? conversions : [[el('span', { className: 'muted' }, 'fix the name first')]]);

  renderServerName(name);

  const accepted = checkProviders(name);
  $('providers').replaceChildren(
    ...PROVIDERS.map((p) => {
      if (accepted[p]) return el('li', { className: 'pass' }, `✓ ${p}`);
      return el('li', { className: 'fail' }, `✗ ${p} → `, el('code', {}, name === '' ? '—' : fitToolName(name, p)));
    }),
  );
}

/**
 * Detect mode and a name with a "/": the MCP Registry's verdict on it as a server name
 * (validateServerName, from mcp-naming/codemode), with its problems marked and its fix.
 */
function renderServerName(name) {
  const shown = state.convention === 'all' && name.includes('/');
  const part = shown ? codeModePart() : null;
  $('server-name-row').hidden = part === null;
  if (part === null) return;
  const r = part.validateServerName(name);
  setVerdict($('server-name-verdict'), r.valid, r.valid
    ? `a valid MCP Registry server name: namespace ${r.parts.namespace}, name ${r.parts.name}`
    : 'not a valid MCP Registry server name');
  const all = [...r.errors, ...r.warnings];
  highlight($('server-name-highlight'), name, all);
  listDiagnostics($('server-name-diagnostics'), all);
  $('server-name-suggestion-row').hidden = r.suggestion === null;
  $('server-name-suggestion').textContent = r.suggestion ?? '';
}

function applySuggestion() {
  if (suggestion === null) return;
  state.name = suggestion;
  $('name').value = suggestion;
  update();
  $('name').focus();
}

// ---- Resource-URI mode

let uriSuggestion = null;

function renderUri() {
  const r = validateResourceUri(state.uri, state.ns ? { expectedNamespace: state.ns } : undefined);
  setVerdict($('uri-verdict'), r.valid, r.valid ? 'valid resource URI' : 'invalid resource URI');
  const all = [...r.errors, ...r.warnings];
  highlight($('uri-highlight'), state.uri, all);
  listDiagnostics($('uri-diagnostics'), all);
  uriSuggestion = r.suggestion;
  $('uri-suggestion-row').hidden = uriSuggestion === null;
  $('uri-suggestion').textContent = uriSuggestion ?? '';
  const p = r.parts;
  fillTable($('uri-parts'), p ? [['namespace', p.namespace], ['type', p.type], ['id', p.id], ...Object.entries(p.query).map(([k, v]) => [`query ${k}`, v])] : []);
}

// ---- Router mode

const MARKS = { client_hashed: 'hashed', client_collision: 'collides', client_refused: 'refused', client_tool_cap: 'over the cap' };

/** What each client shows of the router's listed tools, side by side; hashed, colliding, refused marked. */
function renderClients(router) {
  const server = state.clientServer.trim() === '' ? undefined : state.clientServer.trim();
  const views = CLIENTS.map((client) => [client, router.clientView(client, server === undefined ? undefined : { server })]);
  const names = views[0]?.[1].tools.map((t) => t.name) ?? [];
  $('clients').tHead.rows[0].replaceChildren(el('th', {}, 'listed'), ...CLIENTS.map((c) => el('th', { scope: 'col' }, c)));
  $('clients').tBodies[0].replaceChildren(
    ...names.map((name, i) => el('tr', {}, el('th', { scope: 'row' }, name), ...views.map(([client, view]) => {
      const t = view.tools[i];
      const marks = [...new Set(t.diagnostics.map((d) => d.code))];
      const cell = el('td', {
        className: ['client', ...marks.map((code) => MARKS[code]?.replace(/ /g, '-') ?? code)].join(' '),
        title: t.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'),
      }, t.shown === null ? el('span', { className: 'muted' }, 'not listed') : el('code', {}, t.shown));
      cell.dataset.client = client;
      for (const code of marks) cell.append(' ', el('small', { className: `tag ${t.diagnostics.find((d) => d.code === code).severity}` }, MARKS[code] ?? code));
      return cell;
    }))),
  );
  listDiagnostics($('client-diagnostics'), views.flatMap(([, view]) => view.diagnostics));
}

/**
 * The text box's tools: a line is a name, or "name: description"; a name the example catalog has
 * for this server takes its description and parameters.
 */
function toolObjects(server, text) {
  const known = new Map((CATALOG[server] ?? []).map((t) => [t.name, t]));
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '').map((line) => {
    const at = line.indexOf(': ');
    if (at > 0) return { ...known.get(line.slice(0, at).trim()), name: line.slice(0, at).trim(), description: line.slice(at + 2).trim() };
    return known.get(line) ?? { name: line };
  });
}

/** The exposed catalog searched as the query is typed: ranked hits, or the package's refusal. */
function renderSearch(router, names) {
  const select = $('search-server');
  const wanted = ['', ...names];
  if ([...select.options].map((o) => o.value).join('\n') !== wanted.join('\n')) {
    select.replaceChildren(new Option('(every server)', ''), ...names.map((n) => new Option(n, n)));
  }
  if (!wanted.includes(state.searchServer)) state.searchServer = '';
  select.value = state.searchServer;
  try {
    const hits = router.searchTools(state.search, state.searchServer ? { server: state.searchServer } : undefined);
    setVerdict($('search-status'), true, hits.length ? `${hits.length} ${hits.length === 1 ? 'tool' : 'tools'}, best first` : 'no tool matches');
    fillTable($('hits'), hits.map((h) => [
      el('span', { title: h.description ?? '' }, h.name), h.server, h.upstream, h.matched.join(', '), h.score.toFixed(2),
    ]));
  } catch (e) {
    setVerdict($('search-status'), false, `${e.code}: ${e.message}`);
    fillTable($('hits'), []);
  }
}

/** The preset whose configuration the editor holds, or '' once edited. */
function presetOf(config) {
  return Object.keys(PRESETS).find((p) => JSON.stringify(PRESETS[p].config, null, 2) === config) ?? '';
}

function applyPreset(name) {
  const preset = PRESETS[name];
  if (!preset) return;
  Object.assign(state, {
    config: JSON.stringify(preset.config, null, 2), server: preset.server, tools: lines(CATALOG[preset.server]), call: preset.call, cmCall: preset.cmCall,
  });
  for (const [id, key] of Object.entries(bind)) $(id).value = state[key];
  update();
}

function renderRouter() {
  $('preset').value = presetOf(state.config);
  let router;
  let config;
  try {
    config = JSON.parse(state.config);
    router = new Router(config);
    $('config-status').textContent = 'configuration ok';
    $('config-status').className = 'valid';
  } catch (e) {
    $('config-status').textContent = e.diagnostics ? e.diagnostics.map((d) => d.message).join('\n') : `JSON: ${e.message}`;
    $('config-status').className = 'invalid';
    fillTable($('exposed'), []);
    fillTable($('listed'), []);
    fillTable($('hits'), []);
    $('search-status').textContent = '';
    $('catalog-status').replaceChildren();
    $('clients').tBodies[0].replaceChildren();
    $('client-diagnostics').replaceChildren();
    $('route').textContent = '';
    $('route-suggestions').replaceChildren();
    $('cm-status').textContent = '';
    $('codemode').tBodies[0].replaceChildren();
    $('cm-declarations').textContent = '';
    return;
  }
  const names = Array.isArray(config.servers) ? config.servers.map((s) => s.name) : [];
  const select = $('server');
  if ([...select.options].map((o) => o.value).join('\n') !== names.join('\n')) {
    select.replaceChildren(...names.map((n) => new Option(n, n)));
  }
  if (!names.includes(state.server) && names.length) state.server = names[0];
  select.value = state.server;
  // The other servers list the example catalog's tools; the chosen one lists the text box's.
  const refused = [];
  for (const name of names) {
    if (name === state.server || !CATALOG[name]) continue;
    try {
      router.exposeTools(name, { tools: CATALOG[name] });
    } catch (e) {
      refused.push(el('li', { className: 'error' }, el('strong', {}, name), ' ', el('span', { className: 'code' }, e.code), ' ', e.message));
    }
  }
  $('catalog-status').replaceChildren(...refused);
  const objects = toolObjects(state.server, state.tools);
  const tools = objects.map((t) => t.name);
  let exposed = [];
  try {
    exposed = router.exposeTools(state.server, { tools: objects }).exposed;
    fillTable($('exposed'), exposed.map((t) => [t.name, t.qualified, t.upstream]));
  } catch (e) {
    fillTable($('exposed'), [[el('span', { className: 'invalid' }, e.message)]]);
  }
  // The same server and tools named by another style, side by side (the rest of the configuration kept).
  try {
    const other = new Router({ ...config, style: state.compare });
    const theirs = new Map(other.expose(state.server, tools).map((t) => [t.upstream, t.qualified]));
    // Paired by upstream tool: a peer style may leave a tool out (shown as "left out").
    fillTable($('compared'), tools.map((t) => [exposed.find((e) => e.upstream === t)?.qualified ?? 'left out', theirs.get(t) ?? 'left out']));
  } catch (e) {
    fillTable($('compared'), [[el('span', { className: 'invalid' }, e.message)]]);
  }
  fillTable($('listed'), router.listTools().tools.map((t) => [t.name, t.description ?? el('span', { className: 'muted' }, '(none)')]));
  renderSearch(router, names);
  renderClients(router);
  renderCodeMode(router);
  const suggestions = $('route-suggestions');
  try {
    const r = router.route(state.call);
    const where = r.builtin ? `built-in ${r.tool}` : `server ${r.server}, tool ${r.tool}`;
    const extra = [r.pool && `pool ${r.pool}`, r.upstreamPrefix && `prefix ${r.upstreamPrefix}`, r.deprecated && 'deprecated alias'].filter(Boolean);
    setVerdict($('route'), true, `→ ${where}${extra.length ? ` (${extra.join(', ')})` : ''}`);
    suggestions.replaceChildren();
  } catch (e) {
    setVerdict($('route'), false, `${e.code}: ${e.message}`);
    suggestions.replaceChildren(
      ...(e.suggestions ?? []).map((s) =>
        el('li', {}, el('button', { type: 'button', className: 'use', onclick: () => { state.call = s; $('call').value = s; update(); } }, s)),
      ),
    );
  }
}

// ---- Code mode

const CM_MARKS = { codemode_hashed: 'hashed', codemode_renamed: 'renamed', codemode_collision: 'collides' };

/** The router's exposed tools as code: each server a namespace, each tool a function; and the way back. */
function renderCodeMode(router) {
  const part = codeModePart();
  const clear = () => {
    fillTable($('codemode'), []);
    $('cm-diagnostics').replaceChildren();
    $('cm-declarations').textContent = '';
    $('cm-route').textContent = '';
    $('cm-route-suggestions').replaceChildren();
  };
  if (part === null) {
    $('cm-status').textContent = 'loading mcp-naming/codemode…';
    $('cm-status').className = 'muted';
    clear();
    return;
  }
  const options = { language: state.cmLanguage, view: state.cmView, layout: state.cmLayout };
  let cm;
  try {
    cm = router.codeMode(options);
  } catch (e) {
    setVerdict($('cm-status'), false, `${e.code}: ${e.message}`);
    clear();
    return;
  }
  const count = cm.namespaces.reduce((n, ns) => n + ns.tools.length, 0);
  setVerdict($('cm-status'), true, `${count} ${count === 1 ? 'tool' : 'tools'} as ${cm.language} functions in ${cm.namespaces.length} namespaces (view ${cm.view})`);
  $('codemode').tBodies[0].replaceChildren(...cm.namespaces.flatMap((ns) => ns.tools.map((t) => {
    const marks = [...new Set(t.diagnostics.map((d) => d.code))];
    const cell = el('td', {
      className: marks.map((code) => CM_MARKS[code] ?? code).join(' '),
      title: t.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'),
    }, el('code', {}, `${ns.name}.${t.name}`));
    for (const code of marks) cell.append(' ', el('small', { className: `tag ${t.diagnostics.find((d) => d.code === code).severity}` }, CM_MARKS[code] ?? code));
    return el('tr', {}, cell, el('td', {}, ns.server), el('td', {}, t.tool), el('td', {}, t.path ?? ''));
  })));
  listDiagnostics($('cm-diagnostics'), cm.diagnostics);
  $('cm-declarations').textContent = cm.files
    ? cm.files.map((f) => `${cm.language === 'python' ? '#' : '//'} ---- ${f.path}\n${f.content}`).join('\n')
    : cm.declarations;
  // The way back: "namespace.identifier" to the upstream call the router makes.
  const call = state.cmCall.trim();
  const dot = call.indexOf('.');
  const suggestions = $('cm-route-suggestions');
  suggestions.replaceChildren();
  if (call === '') {
    $('cm-route').textContent = '';
    return;
  }
  try {
    const mapped = router.mapCodeModeCall(dot < 0 ? '' : call.slice(0, dot), dot < 0 ? call : call.slice(dot + 1), undefined, options);
    setVerdict($('cm-route'), true, `→ server ${mapped.server}, tools/call ${mapped.params.name}`);
  } catch (e) {
    setVerdict($('cm-route'), false, `${e.code}: ${e.message}`);
    // The suggestion in the call: a namespace's before the identifier typed, a tool's after the namespace.
    const full = (s) => (e.code === 'unknown_tool' ? `${call.slice(0, dot)}.${s}` : `${s}${dot < 0 ? '' : call.slice(dot)}`);
    suggestions.replaceChildren(...(e.suggestions ?? []).map((s) => el('li', {}, el('button', {
      type: 'button', className: 'use', onclick: () => { state.cmCall = full(s); $('cm-call').value = state.cmCall; update(); },
    }, full(s)))));
  }
}

// ---- Wiring

function showMode() {
  for (const mode of ['name', 'uri', 'router']) {
    $(`panel-${mode}`).hidden = state.mode !== mode;
    $(`mode-${mode}`).setAttribute('aria-pressed', String(state.mode === mode));
  }
}

function update() {
  showMode();
  if (state.mode === 'name') renderName();
  else if (state.mode === 'uri') renderUri();
  else renderRouter();
  save();
}

for (const id of CONVENTIONS) $('convention').add(new Option(id, id));
for (const id of ROUTER_STYLES) $('compare').add(new Option(id, id));
$('preset').replaceChildren(new Option('(edited)', ''), ...Object.keys(PRESETS).map((p) => new Option(p, p)));
$('preset').addEventListener('change', () => applyPreset($('preset').value));
load();
const bind = {
  name: 'name', convention: 'convention', uri: 'uri', 'uri-ns': 'ns', config: 'config', server: 'server', tools: 'tools', call: 'call', compare: 'compare',
  'client-server': 'clientServer', search: 'search', 'search-server': 'searchServer',
  'cm-language': 'cmLanguage', 'cm-view': 'cmView', 'cm-layout': 'cmLayout', 'cm-call': 'cmCall',
};
for (const [id, key] of Object.entries(bind)) {
  $(id).value = state[key];
  $(id).addEventListener($(id).tagName === 'SELECT' ? 'change' : 'input', () => {
    state[key] = $(id).value;
    // Another server: its tools from the example catalog, when it has them.
    if (id === 'server' && CATALOG[state.server]) $('tools').value = state.tools = lines(CATALOG[state.server]);
    update();
  });
}
for (const button of document.querySelectorAll('button.mode')) {
  button.addEventListener('click', () => {
    state.mode = button.dataset.mode;
    update();
  });
}
$('name').addEventListener('keydown', (e) => { if (e.key === 'Enter') applySuggestion(); });
$('suggestion').addEventListener('click', applySuggestion);
$('uri').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('uri-suggestion').click(); });
$('server-name-suggestion').addEventListener('click', () => {
  state.name = $('server-name-suggestion').textContent;
  $('name').value = state.name;
  update();
});
$('uri-suggestion').addEventListener('click', () => {
  if (uriSuggestion === null) return;
  state.uri = uriSuggestion;
  $('uri').value = uriSuggestion;
  update();
});
window.addEventListener('hashchange', () => {
  load();
  for (const [id, key] of Object.entries(bind)) $(id).value = state[key];
  update();
});
update();
document.body.dataset.ready = 'true';
