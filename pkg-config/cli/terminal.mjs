// Colour and the progress line: only on a terminal. NO_COLOR (any value but empty) turns colour
// off, FORCE_COLOR (not 0) turns it on where there is no terminal; --color always|never|auto
// overrides both. The progress line goes to stderr, only when stderr is a terminal.

export const colorFlag = { type: 'string', choices: ['auto', 'always', 'never'] };

export function useColor(stream, flag = 'auto', env = process.env) {
  if (flag === 'always') return true;
  if (flag === 'never') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== '') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

const codes = { bold: [1, 22], dim: [2, 22], red: [31, 39], yellow: [33, 39], green: [32, 39], cyan: [36, 39] };

/** { bold, dim, red, yellow, green, cyan }: each wraps a string in its SGR codes, or not at all. */
export function palette(enabled) {
  const p = {};
  for (const [name, [on, off]] of Object.entries(codes)) {
    p[name] = enabled ? (s) => `\x1b[${on}m${s}\x1b[${off}m` : (s) => String(s);
  }
  return p;
}

/** A one-line `[n/total] label` on stderr, redrawn at most every 50 ms, erased by done(). */
export class Progress {
  constructor(total, { stream = process.stderr, min = 20 } = {}) {
    this.stream = stream;
    this.total = total;
    this.active = stream.isTTY === true && total >= min;
    this.last = 0;
    this.width = 0;
  }

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
