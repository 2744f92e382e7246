// The command line's argument reader (pkg-config/cli/args.mjs, node:util parseArgs underneath):
// every form a flag takes, and the wording of each bad usage (exit 2 in main.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs, UsageError, listFlag } from '../../pkg-config/cli/args.mjs';

const spec = {
  options: {
    convention: { type: 'string', short: 'c', choices: ['mcp', 'chora'] },
    servers: { type: 'string', multiple: true },
    output: { type: 'string', short: 'o' },
    fix: { type: 'boolean' },
  },
};

test('flags in every form, positionals, and what follows --', () => {
  assert.deepEqual(parseArgs(['a', '-c', 'mcp', '--servers', 'x,y', '--servers=z', '-oout.md', '--fix', '-', 'b', '--', 'node', '-v', '--fix'], spec), {
    flags: { convention: 'mcp', servers: ['x,y', 'z'], output: 'out.md', fix: true },
    positionals: ['a', '-', 'b'],
    rest: ['node', '-v', '--fix'],
    help: false,
  });
  assert.deepEqual(parseArgs([], spec), { flags: {}, positionals: [], rest: null, help: false });
  assert.equal(parseArgs(['x', '-h'], spec).help, true);
  assert.equal(parseArgs(['--help', '--fix'], spec).help, true);
  // A value is the next argument, whatever it looks like.
  assert.equal(parseArgs(['--output', '--fix'], spec).flags.output, '--fix');
  assert.deepEqual(listFlag(parseArgs(['--servers', 'a, b', '--servers', 'c,'], spec).flags.servers), ['a', 'b', 'c']);
});

test('bad usage is a UsageError worded for the command', () => {
  for (const [args, message] of [
    [['--frobnicate'], 'unknown option --frobnicate'],
    [['--frobnicate=1'], 'unknown option --frobnicate'],
    [['-x'], 'unknown option -x'],
    [['-xyz'], 'unknown option -xyz'],
    [['--help=yes'], 'unknown option --help'],
    [['--output'], '--output needs a value'],
    [['-c'], '--convention needs a value'],
    [['-c', 'nope'], '--convention must be one of mcp, chora (got "nope")'],
    [['-cnope'], '--convention must be one of mcp, chora (got "nope")'],
    [['--fix=yes'], '--fix takes no value'],
    [['-c', 'mcp', '--convention=chora'], '--convention given twice'],
    [['--fix', '--fix'], '--fix given twice'],
  ]) {
    assert.throws(() => parseArgs(args, spec), (e) => e instanceof UsageError && e.message === message, args.join(' '));
  }
});
