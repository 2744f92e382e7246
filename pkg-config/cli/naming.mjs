// The package the CLI is part of, through its own public entry for Node (the one `import
// 'mcp-naming'` resolves to there): the same .wasm every user gets, read from its file.
export * from '../node.mjs';
