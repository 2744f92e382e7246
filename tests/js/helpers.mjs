// Shared by the node --test suites: small assertions and generators. The test data is read
// through data.mjs.
/** FNV-1a, 32 bits, written here independently of the Rust core. */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The hostile-input generator (hostile.test.mjs, fast-paths.test.mjs): a function returning the
 * next string of a seeded sequence (xorshift32): ASCII with control characters, any BMP unit
 * (lone surrogates too), astral characters, or words spiced with separators, invisible and
 * lookalike characters; mostly under 40 units, one in ten up to 400.
 */
export function hostileStrings(seed = 0x2545f491) {
  const rand = (k) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % k;
  };
  const SPICE = ['\u0000', '\u202e', '\u200f', '\u200b', '\ufeff', '\ud800', '\udfff', '😀', 'ѕ', 'ｇ', 'ñ', ':', '__', '_', '-', '.', '/', '?', '=', '&', '%', ' ', '\n', 'mcp__syntropy__', 'mcp__', '://'];
  return function hostile() {
    const kind = rand(10);
    const len = rand(10) === 0 ? rand(400) : rand(40);
    let s = '';
    for (let i = 0; i < len; i++) {
      if (kind < 4) s += String.fromCharCode(rand(128)); // ASCII, control characters included
      else if (kind < 6) s += String.fromCharCode(rand(0x10000)); // any BMP unit: lone surrogates too
      else if (kind < 7) s += String.fromCodePoint(0x10000 + rand(0x100000)); // astral
      else s += rand(3) === 0 ? SPICE[rand(SPICE.length)] : 'abcdefghijklmnopqrstuvwxyz_'[rand(27)];
    }
    return s;
  };
}
