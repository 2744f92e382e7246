// Reloading the config on SIGHUP and when its file changes: the new file is read and checked as at
// start; a file that fails is refused (every problem logged) and the running config kept; one that
// passes goes to `core.reload` (new upstreams started, removed ones stopped, names re-exposed,
// list_changed sent; what is in flight finishes), then auth, logs and metrics take it.
import { watch, type FSWatcher } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ConfigError, loadConfig, type LoadedConfig } from './config.mjs';
import type { Logger } from './logs.mjs';

export interface ReloadResult {
  applied: boolean;
  added?: string[];
  removed?: string[];
  changed?: string[];
  problems?: string[];
}

export class Reloader {
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;
  private queue: Promise<unknown> = Promise.resolve();
  private lastHash: string;
  private readonly onHup = () => void this.reload('SIGHUP');

  constructor(
    private readonly file: string,
    initial: LoadedConfig,
    private readonly apply: (loaded: LoadedConfig) => Promise<{ added: string[]; removed: string[]; changed: string[] }>,
    private readonly logger: () => Logger,
    private readonly counted: (result: 'applied' | 'refused') => void = () => {},
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.lastHash = hashOf(initial.file);
  }

  /** Listen for SIGHUP and (with `watchFile`) for changes of the file. */
  start({ watchFile = true } = {}) {
    process.on('SIGHUP', this.onHup);
    if (!watchFile) return;
    // The directory, not the file: editors replace a file by renaming another onto it.
    const name = basename(this.file);
    this.watcher = watch(dirname(this.file), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed !== name) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        // Only a change of what the file says reloads (a touch or a rewrite of the same text does not).
        let hash: string;
        try {
          hash = hashOf(this.file);
        } catch {
          return; // gone for a moment (an editor's rename): the next event brings it back
        }
        if (hash !== this.lastHash) void this.reload('file changed');
      }, 150);
    });
  }

  stop() {
    process.off('SIGHUP', this.onHup);
    this.watcher?.close();
    clearTimeout(this.timer);
  }

  /** Reads and applies the file now (one reload at a time). */
  reload(reason: string): Promise<ReloadResult> {
    const run = async (): Promise<ReloadResult> => {
      const log = this.logger();
      let loaded: LoadedConfig;
      try {
        this.lastHash = hashOf(this.file);
        loaded = loadConfig(this.file, this.env);
      } catch (e) {
        const problems = e instanceof ConfigError ? e.problems.map((p) => `${p.path || '(top level)'}: ${p.message}`) : [(e as Error).message];
        log.error('reload refused: the running config is kept', { reason, file: this.file, problems });
        this.counted('refused');
        return { applied: false, problems };
      }
      try {
        const { added, removed, changed } = await this.apply(loaded);
        this.logger().info('reloaded', { reason, file: this.file, added, removed, changed });
        this.counted('applied');
        return { applied: true, added, removed, changed };
      } catch (e) {
        log.error('reload failed: the running config is kept', { reason, error: (e as Error).message });
        this.counted('refused');
        return { applied: false, problems: [(e as Error).message] };
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => {});
    return next;
  }
}

function hashOf(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
