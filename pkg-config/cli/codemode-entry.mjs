// The package's code mode for Node (../codemode.node.mjs, pkg/codemode.node.mjs once built), as
// naming.mjs is its main entry: the one place the CLI reaches it from.
export * from '../codemode.node.mjs';
