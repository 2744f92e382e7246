// mcp-naming check-gateway DIR: the Syntropy checklist of files that must agree, as a command.
/** @import { Args, IO, Spec } from '../args.mjs' */
import { UsageError, stringFlag } from '../args.mjs';
import { readGateway } from '../gateway/files.mjs';
import { checkGateway } from '../gateway/checks.mjs';
import { locate, count } from '../findings.mjs';
import { writeReport, formatFlag } from '../report.mjs';
import { colorFlag } from '../terminal.mjs';

/** @type {Spec} */
export const spec = {
  options: {
    format: formatFlag,
    color: colorFlag,
    'servers-file': { type: 'string' },
    'routes-file': { type: 'string' },
    'tools-file': { type: 'string' },
    'permissions-file': { type: 'string' },
    'tool-state': { type: 'string' },
    'tool-index': { type: 'string' },
  },
};

export const help = `Usage: mcp-naming check-gateway DIR [--format text|json|sarif] [file options]

Checks that a Syntropy gateway's files agree (DIR is the project or its syntropy-mcp folder):
  servers.json            { "servers": { "syn-<server>": … } }
  SERVER_ROUTES           "syn-<server>": "mcp__<upstream>__" (src/index.ts)
  SYNTROPY_TOOLS          { name: "<server>_<tool>" } (src/tools-definition.ts)
  .claude/settings.local.json (or settings.json)   mcp__syntropy__<server>_<tool> rules
  tool-state.json         { "enabled": [...], "disabled": [...] } (.syntropy/ or the folder)
  tool-index.md           the documented mcp__syntropy__<server>_<tool> names
Every server needs its route, tool definitions, permission entries and (when an enabled list
is given) tool-state entries; routes, rules, tool-state entries and documented names must name
servers and tools that exist, in the full mcp__syntropy__ form. Each finding names the file and
line it is in and the file and line it disagrees with.
  --servers-file F, --routes-file F, --tools-file F, --permissions-file F, --tool-state F,
  --tool-index F          use these files instead of looking in DIR
  --format, -f F          text (default), json, sarif
  --color WHEN            auto, always, never

Exit status: 0 no errors, 1 errors, 2 bad usage (no servers.json in DIR).

Examples:
  mcp-naming check-gateway .
  mcp-naming check-gateway syntropy-mcp --tool-state ~/.syntropy/tool-state.json --format sarif
`;

/**
 * @param {Args} args
 * @param {IO} io
 * @returns {number}
 */
export function run({ flags, positionals }, io) {
  if (positionals.length !== 1) throw new UsageError('give one folder: mcp-naming check-gateway DIR');
  const gateway = readGateway(positionals[0], flags);
  const findings = locate(checkGateway(gateway), gateway.texts);
  const { errors, warnings } = count(findings);
  const names = gateway.servers.entries.length + (gateway.tools?.entries.length ?? 0);
  const summary = { files: gateway.texts.size, names, errors, warnings, fixable: 0, fixed: 0 };
  writeReport(findings, summary, { format: stringFlag(flags, 'format'), color: stringFlag(flags, 'color'), command: 'check-gateway', stdout: io.stdout, stderr: io.stderr });
  return errors > 0 ? 1 : 0;
}
