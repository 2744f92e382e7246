// Hostile server/tool lists for oracle.mjs, deterministic for a seed.
//
//   node generate.mjs SEED COUNT > cases.json        ->  { "cases": [ { "servers": [ { name, tools } ] } ] }
//
// What they hold: long names (40-130 chars), hyphens, dots, spaces and other whitespace,
// non-ASCII (accented, CJK, astral emoji, zero-width, combining marks), exact duplicates within and
// across servers, names that collide after sanitizing ("a-b" / "a_b" / "a b" / "a.b" / "a_b_"),
// empty-ish names ("", "-", "__", " "), integer-like server names ("7", "42": plain-object key
// order), URL-like server names (OpenAI's redaction of "sse: <url>" names), names near the
// 64-char limits, and, rarely, a repeated server name. 1-4 servers, 1-20 tools each.
// Exported as `generate(seed, count)` too.

/** mulberry32: a small seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SERVERS = ['memory', 'github', 'GitHub', 'aws_documentation', 'weather-api', 'weather_api', 'weather.api', 'weather api',
  'fs.local', 'my server', 'Server', 'server', 'a-b', 'ab', 'a_b', '__x__', 'mcp', 'tool', 'x', 'é', 'ü-srv', '中文服务', '🚀rocket',
  '7', '42', '0', '-1', '1.5', 'sse: https://example.com/mcp', 'sse: https://user:pw@example.com/mcp?token=1',
  'streamable-http: https://example.com/mcp?key=2', 'https://example.com/mcp#frag', 'https://example.com/mcp?a=b', 'http://',
  '', ' ', '-', '_', '.', '--', '__'];
const TOOLS = ['search', 'Search', 'SEARCH', 'read', 'write', 'get-sum', 'get_sum', 'get.sum', 'get sum', 'getSum', 'list', 'echo',
  'read_file', 'read-file', 'read.file', 'search-a', 'search_a', 'dup', 'x', '_x', 'x_', '-x', 'x-', 'tool', 'a__b', 'a--b',
  'é', 'e\u0301', 'ß', 'ss', 'İ', 'naïve', '中文', '🚀', 'a\u200bb', 'a\tb', 'a\nb', 'a\u00a0b', 'Ω', 'ﬁle',
  '', ' ', '-', '_', '.', '__', '--', '...', '  '];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789____----....    /:é中🚀';
const SEPARATORS = ['-', '_', '.', ' ', '__', '--', '/', ':', 'é', ''];

export function generate(seed, count) {
  const random = prng(seed);
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;
  // Array.from: the alphabet's astral emoji is one pick, not a lone surrogate.
  const letters = Array.from(ALPHABET);
  const word = (n) => Array.from({ length: n }, () => pick(letters)).join('');
  /** A name of `n` code points built from words and separators (reads like a real long name). */
  const longName = (n) => {
    let s = '';
    while (Array.from(s).length < n) s += (s ? pick(SEPARATORS) : '') + word(int(2, 12));
    return Array.from(s).slice(0, n).join('');
  };
  /** A variant that many sanitizers fold onto `base`: swap separators, case, add edges. */
  const collide = (base) => {
    const r = random();
    if (r < 0.3) return base.replace(/[-_. ]/g, () => pick(['-', '_', '.', ' ']));
    if (r < 0.5) return chance(0.5) ? base.toUpperCase() : base.toLowerCase();
    if (r < 0.7) return pick(['_', '-', ' ', '.']) + base + pick(['', '_', '-', ' ']);
    if (r < 0.85) return base + pick(['é', '中', '🚀', '!', '?', '']);
    return base;
  };
  const tool = (earlier) => {
    const r = random();
    if (r < 0.3) return pick(TOOLS);
    if (r < 0.45 && earlier.length > 0) return collide(pick(earlier));
    if (r < 0.6) return longName(int(40, 130));
    if (r < 0.7) return longName(int(55, 70)); // around the 64 limits
    return word(int(1, 20));
  };
  const cases = [];
  for (let c = 0; c < count; c++) {
    const servers = [];
    const used = [];
    const nServers = int(1, 4);
    for (let s = 0; s < nServers; s++) {
      let name;
      const r = random();
      if (r < 0.4) name = pick(SERVERS);
      else if (r < 0.55 && servers.length > 0) name = collide(pick(servers).name);
      else if (r < 0.65) name = longName(int(40, 70)); // around the router's 64-character cap on server names
      else name = word(int(1, 14));
      // Server names stay distinct within a case, except rarely (a repeated name is hostile too).
      if (!chance(0.03)) while (servers.some((o) => o.name === name)) name += String(int(0, 9));
      const tools = [];
      const nTools = int(1, 20);
      for (let t = 0; t < nTools; t++) {
        // Duplicates across servers: reuse a tool name another server already has.
        tools.push(used.length > 0 && chance(0.15) ? pick(used) : tool(tools));
      }
      used.push(...tools);
      servers.push({ name, tools });
    }
    cases.push({ servers });
  }
  return { cases };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seed = Number(process.argv[2] ?? 42);
  const count = Number(process.argv[3] ?? 100);
  if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 0) {
    process.stderr.write('usage: node generate.mjs SEED COUNT\n');
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(generate(seed, count)) + '\n');
}
