// The files a lint run reads: the paths given, each file as it is and each folder walked. In a
// git work tree a folder's files are the ones git tracks or would track (.gitignore respected);
// elsewhere every file below it but node_modules and folders starting with "." other than
// .claude and .syntropy.
import { readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, relative, resolve, sep } from 'node:path';

const KEEP_HIDDEN = new Set(['.claude', '.syntropy', '.vscode', '.cursor']);

/**
 * The files git tracks or would track below `dir`, or null outside a work tree.
 * @param {string} dir
 * @returns {string[] | null}
 */
function gitFiles(dir) {
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.'], {
    cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (r.status !== 0 || r.error) return null;
  return r.stdout.split('\0').filter(Boolean).map((f) => join(dir, f));
}

/** @param {string} dir @param {string[]} out */
function walkDir(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || (entry.name.startsWith('.') && !KEEP_HIDDEN.has(entry.name))) continue;
      walkDir(path, out);
    } else if (entry.isFile()) out.push(path);
  }
}

/**
 * Paths relative to the working folder (with "/"), deduplicated, in a stable order.
 * @param {string[]} paths
 * @param {string} [cwd]
 * @returns {string[]}
 */
export function collectFiles(paths, cwd = process.cwd()) {
  /** @type {Set<string>} */
  const found = new Set();
  for (const p of paths) {
    const abs = resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      throw Object.assign(new Error(`${p}: no such file or folder`), { code: 'ENOENT' });
    }
    /** @type {string[] | null} */
    let files;
    if (st.isDirectory()) {
      files = gitFiles(abs);
      if (!files) {
        files = [];
        walkDir(abs, files);
      }
    } else files = [abs];
    for (const f of files) found.add(relative(cwd, f).split(sep).join('/') || f);
  }
  return [...found].sort();
}
