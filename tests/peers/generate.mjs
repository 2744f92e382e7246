// Server/tool lists that hurt: long names, hyphens, dots, spaces, non-ASCII, duplicates across
// servers, names that collide after sanitizing or folding. Deterministic for a seed.

/** mulberry32: a small seeded PRNG, so every run compares the same cases. */
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

const COMMON = ['search', 'read', 'write', 'get-sum', 'get_sum', 'list', 'echo', 'read_file', 'Search', 'search-a', 'search_a'];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789____----..  /é';

export function generate(seed, count) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const word = (max) => {
    const n = 1 + Math.floor(random() * max);
    let s = '';
    for (let i = 0; i < n; i++) s += pick(ALPHABET);
    return s;
  };
  const cases = [];
  for (let c = 0; c < count; c++) {
    const servers = [];
    const n = 1 + Math.floor(random() * 3);
    for (let s = 0; s < n; s++) {
      let name = random() < 0.3 ? pick(['memory', 'github', 'aws_documentation', 'weather-api', 'fs.local']) : word(random() < 0.1 ? 60 : 12).trim() || 'srv';
      while (servers.some((o) => o.name === name)) name += '2';
      const tools = [];
      const m = 1 + Math.floor(random() * 12);
      for (let t = 0; t < m; t++) {
        const r = random();
        tools.push(r < 0.35 ? pick(COMMON) : r < 0.45 ? word(140) : word(20));
      }
      servers.push({ name, tools });
    }
    cases.push(servers);
  }
  return cases;
}
