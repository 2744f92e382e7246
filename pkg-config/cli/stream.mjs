// Names one a line from a stream, in batches, without holding the whole input; and output
// written with back-pressure, so a million lines pass through in bounded memory.

/**
 * Yields batches of { name, line } (1-based line numbers), at most `size` a batch; blank lines
 * are skipped and a trailing "\r" is dropped.
 * @param {AsyncIterable<string> & { setEncoding?: (encoding: 'utf8') => unknown }} stream
 * @param {number} [size]
 * @returns {AsyncGenerator<{ name: string, line: number }[]>}
 */
export async function* lineBatches(stream, size = 4096) {
  let rest = '';
  let line = 0;
  /** @type {{ name: string, line: number }[]} */
  let batch = [];
  stream.setEncoding?.('utf8');
  /** @param {string} text */
  const take = (text) => {
    line++;
    const name = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (name.trim() !== '') batch.push({ name, line });
  };
  for await (const chunk of stream) {
    const text = rest + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      take(text.slice(start, nl));
      start = nl + 1;
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    rest = text.slice(start);
  }
  if (rest !== '') take(rest);
  if (batch.length > 0) yield batch;
}

/**
 * Writes `text` and waits for the stream to drain when its buffer is full.
 * @param {NodeJS.WritableStream} stream
 * @param {string} text
 * @returns {Promise<void>}
 */
export function write(stream, text) {
  if (text === '' || stream.write(text)) return Promise.resolve();
  return new Promise((resolve) => stream.once('drain', resolve));
}

/**
 * The names given as arguments, as one batch like lineBatches yields (line: null).
 * @param {string[]} names
 */
export async function* argBatches(names) {
  yield names.map((name) => ({ name, line: null }));
}
