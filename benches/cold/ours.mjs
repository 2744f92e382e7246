// Cold start of the package: a new process imports it and gets its first verdict (in-process
// timer, from before the import). Run by benches/js.mjs under each runtime.
const t = performance.now();
const { validateToolName } = await import('../../pkg/index.mjs');
if (!validateToolName('get_user_profile', 'mcp').valid) throw new Error('wrong verdict');
console.log(performance.now() - t);
