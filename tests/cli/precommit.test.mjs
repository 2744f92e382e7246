// The repository's .pre-commit-hooks.yaml, run by pre-commit itself (from PyPI, pinned; the
// test command installs it in target/cli-tests/venv and says PRE_COMMIT where it is): a project
// with mcp-naming installed from the packed tarball commits a bad name, the hook fails and
// names it, --fix makes it pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, gitRepo, consumer, cli } from './helpers.mjs';

const PRE_COMMIT = process.env.PRE_COMMIT;

test('pre-commit runs the mcp-naming-lint hook: fails on a bad name, passes once fixed', { timeout: 120_000 }, (t) => {
  if (!PRE_COMMIT) {
    t.skip(`pre-commit is not installed here: ${process.env.PRE_COMMIT_REFUSED ?? 'PRE_COMMIT is not set (scripts/test.sh installs it)'}`);
    return;
  }
  // The hooks repository: this repository's hook file, committed in a repository of its own.
  const hooks = gitRepo({});
  const project = gitRepo({
    '.gitignore': 'node_modules\n',
    'package.json': '{ "name": "project", "private": true }\n',
    'src/server.ts': "server.tool('get_user', h);\n",
  });
  try {
    copyFileSync(join(ROOT, '.pre-commit-hooks.yaml'), join(hooks.dir, '.pre-commit-hooks.yaml'));
    hooks.git('add', '-A');
    hooks.git('commit', '-q', '-m', 'hooks');
    const rev = hooks.git('rev-parse', 'HEAD').trim();
    symlinkSync(join(consumer().dir, 'node_modules'), join(project.dir, 'node_modules'));
    project.write('.pre-commit-config.yaml', [
      'repos:',
      `  - repo: ${hooks.dir}`,
      `    rev: ${rev}`,
      '    hooks:',
      '      - id: mcp-naming-lint',
      '        args: [--convention, mcp]',
      '',
    ].join('\n'));
    const env = { ...process.env, PRE_COMMIT_HOME: join(project.dir, '.cache-pre-commit'), NO_COLOR: '1' };
    const run = () => spawnSync(PRE_COMMIT, ['run', '--all-files', '--color', 'never'], { cwd: project.dir, encoding: 'utf8', env });
    project.git('add', '-A');
    let r = run();
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /mcp-naming lint .*Passed/);

    project.write('src/server.ts', "server.tool('get user', h);\n");
    project.write('.mcp.json', '{ "mcpServers": { "my.server": {} } }\n');
    project.git('add', '-A');
    r = run();
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /mcp-naming lint .*Failed/);
    assert.match(r.stdout, /^src\/server\.ts:1:17: error invalid_character: /m);
    assert.match(r.stdout, /^\.mcp\.json:1:22: error invalid_character: /m);

    assert.equal(cli(['lint', '-c', 'mcp', '--fix'], { cwd: project.dir }).status, 0);
    project.git('add', '-A');
    r = run();
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(project.read('src/server.ts'), "server.tool('get_user', h);\n");
  } finally {
    hooks.done();
    project.done();
  }
});
