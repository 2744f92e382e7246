// The package the CLI is part of, through its own public entry: the same .wasm every user gets.
export * from '../index.mjs';
