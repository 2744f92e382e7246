// Colour and the progress line: only on a terminal. NO_COLOR (any value but empty) turns colour
// off, FORCE_COLOR (not 0) turns it on where there is no terminal; --color always|never|auto
// overrides both. The progress line goes to stderr, only when stderr is a terminal.

/** @type {import('./args.mjs').Flag} */
export const colorFlag = { type: 'string', choices: ['auto', 'always', 'never'] };

/**
 * @param {{ isTTY?: boolean }} stream
 * @param {string} [flag] always, never or auto
 * @param {NodeJS.ProcessEnv} [env]
 */
export function useColor(stream, flag = 'auto', env = process.env) {
  if (flag === 'always') return true;
  if (flag === 'never') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== '') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** @typedef {Record<'bold' | 'dim' | 'red' | 'yellow' | 'green' | 'cyan', (s: string | number) => string>} Palette */

/**
 * { bold, dim, red, yellow, green, cyan }: each wraps a string in its SGR codes, or not at all.
 * @param {boolean} enabled
 * @returns {Palette}
 */
export function palette(enabled) {
  /** @param {[number, number]} sgr */
  const wrap = ([on, off]) => (enabled ? (/** @type {string | number} */ s) => `\x1b[${on}m${s}\x1b[${off}m` : (/** @type {string | number} */ s) => String(s));
  return {
    bold: wrap([1, 22]), dim: wrap([2, 22]), red: wrap([31, 39]), yellow: wrap([33, 39]), green: wrap([32, 39]), cyan: wrap([36, 39]),
  };
}

/** A one-line `[n/total] label` on stderr, redrawn at most every 50 ms, erased by done(). */
export class Progress {
  /**
   * @param {number} total
   * @param {{ stream?: { isTTY?: boolean, columns?: number, write(text: string): unknown }, min?: number }} [options]
   */
  constructor(total, { stream = process.stderr, min = 20 } = {}) {
    this.stream = stream;
    this.total = total;
    this.active = stream.isTTY === true && total >= min;
    this.last = 0;
    this.width = 0;
  }

  /** @param {number} n @param {string} label */
  tick(n, label) {
    if (!this.active) return;
    const now = Date.now();
    if (now - this.last < 50 && n < this.total) return;
    this.last = now;
    const columns = (this.stream.columns || 80) - 1;
    let line = `[${n}/${this.total}] ${label}`;
    if (line.length > columns) line = `${line.slice(0, columns - 1)}…`;
    this.stream.write(`\r${line}${' '.repeat(Math.max(0, this.width - line.length))}`);
    this.width = line.length;
  }

  done() {
    if (this.active && this.width > 0) this.stream.write(`\r${' '.repeat(this.width)}\r`);
    this.width = 0;
  }
}
