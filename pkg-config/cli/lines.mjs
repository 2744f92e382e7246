// Offsets in a text to 1-based lines and columns. Columns count UTF-16 code units, as
// JavaScript indexes strings and as SARIF's default columnKind (utf16CodeUnits) says.

export class LineIndex {
  /** @param {string} text */
  constructor(text) {
    /** @type {number[]} */
    this.starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** { line, column } of an offset, both from 1. @param {number} offset */
  at(offset) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
}
