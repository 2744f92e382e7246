// A typed consumer: tsc --strict --noEmit must accept it (scripts/compat.sh runs it as .ts under
// bundler resolution, and copies it to consumer.mts and consumer.cts for node16 and nodenext).
import { Router, fitToolName, parseToolName, validateToolName } from 'mcp-naming';
import type { Diagnostic, Report } from 'mcp-naming';

const report: Report<'mcp'> = validateToolName('get user profile', 'mcp');
const valid: boolean = report.valid;
const suggestion: string | null = report.suggestion;
const first: Diagnostic | undefined = report.errors[0];
const parts: { server: string; tool: string } = parseToolName('mcp__memory__save', 'claude');
const fitted: string = fitToolName('admin.tools.list', 'openai');
const router = new Router({ style: 'claude', servers: [{ name: 'memory' }] });
router.exposeTools('memory', { tools: [{ name: 'read_graph' }] });
const upstream: string = router.mapCallTool({ name: 'memory__read_graph' }).params.name;
// @ts-expect-error: not a convention
validateToolName('x', 'camel');

export { valid, suggestion, first, parts, fitted, upstream };
