// Cold start of the package: a new process imports one of its entries and gets its first verdict
// (in-process timer, from before the import). Run by benches/js.mjs under each runtime.
//   first.mjs <entry> valid|invalid
// <entry> is a file of pkg/ (node.mjs is what Node and Bun resolve `mcp-naming` to, index.mjs what
// browsers, bundlers and Deno get). A valid name is answered by the fast-path patterns (no wasm);
// an invalid one needs the core, so the .wasm is read or decoded, compiled and instantiated
// inside the timer.
const [entry, kind] = process.argv.slice(2);
const t = performance.now();
const { validateToolName } = await import(`../../pkg/${entry}`);
const report = validateToolName(kind === 'valid' ? 'get_user_profile' : 'get user profile', 'mcp');
if (report.valid !== (kind === 'valid') || (kind !== 'valid' && report.suggestion !== 'get_user_profile')) throw new Error('wrong verdict');
console.log(performance.now() - t);
