// The types of ./naming.mjs: the package's Node entry (../node.mjs, pkg/node.mjs once built), whose
// declarations are the package's own (pkg/index.d.ts, as its exports map gives them for Node).
export * from '../index.js';
