// Cold start of the code the package replaces: the official SDK's tool-name validator module,
// imported and asked once (the baseline of benches/cold/ours.mjs).
const t = performance.now();
const { validateToolName } = await import('@modelcontextprotocol/sdk/shared/toolNameValidation.js');
if (!validateToolName('get_user_profile').isValid) throw new Error('wrong verdict');
console.log(performance.now() - t);
