// Holds the SDK gateways (tests/ts/sdk-v1.mts, sdk-v2.mts) to what they prove: that the
// Router's answers fit the SDKs as they are. A cast (`x as T`, `<T>x`, `x!`, `as const`), an
// `any`, or a `@ts-ignore` / `@ts-expect-error` would prove nothing, so each is an error here,
// found in the syntax tree by the pinned TypeScript.
//   node tests/ts/no-casts.mjs FILE...
import { readFileSync } from 'node:fs';
import ts from 'typescript';

let found = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const report = (node, what) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    console.error(`${file}:${line + 1}:${character + 1}: ${what}: ${node.getText(source).slice(0, 80)}`);
    found++;
  };
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node) || ts.isSatisfiesExpression(node)) report(node, 'a cast');
    else if (ts.isNonNullExpression(node)) report(node, 'a non-null assertion');
    else if (node.kind === ts.SyntaxKind.AnyKeyword) report(node, 'an any');
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const m of text.matchAll(/@ts-(ignore|expect-error|nocheck)/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    console.error(`${file}:${line}: a @ts-${m[1]}`);
    found++;
  }
}
if (found > 0) process.exit(1);
console.log(`no cast, no any: ${process.argv.slice(2).join(', ')}`);
