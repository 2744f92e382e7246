// The package's declarations (generated from pkg-config/src by the build) against the hand-written
// ones it shipped before (tests/ts/contract/): every name is still there, no input takes less
// than it did and no output gives more. Inputs are checked as the old type assigned to the new,
// outputs as the new assigned to the old; functions and constructors with their parameters
// compared contravariantly (strictFunctionTypes), the classes' methods too (Narrowed below).
import * as now from 'mcp-naming';
import * as nowRegistry from 'mcp-naming/registry';
import * as nowOpenProject from 'mcp-naming/openproject';
import type * as then from './contract/index.js';
import type * as thenRegistry from './contract/registry.js';
import type * as thenOpenProject from './contract/openproject.js';

/** Compiles only when a T is accepted where the old type was. */
function is<T>(value: T): T {
  return value;
}
declare function a<T>(): T;

// Every value export, with a type the old one accepts.
is<typeof then>(now);
is<typeof thenRegistry>(nowRegistry);
is<typeof thenOpenProject>(nowOpenProject);

// Methods are compared bivariantly by default: here as function types, strictly. Narrowed names
// the methods (and properties) of the old class the new one narrows or lacks.
type Fn<T> = T extends (...args: infer A) => infer R ? (...args: A) => R : T;
type Narrowed<New, Old> = { [K in keyof Old]-?: K extends keyof New ? (Fn<New[K]> extends Fn<Old[K]> ? never : K) : K }[keyof Old];
// migrateName(name, from: Router) takes the class itself: its outputs narrowing (a skipped item's
// code is a Code) narrows it as an input. At run time `from` always had to be an instance
// (instanceof), which any old-typed value passed there was.
is<'migrateName'>(a<Narrowed<now.Router, then.Router>>());
is<(name: string, from: now.Router) => string>(a<now.Router['migrateName']>());
is<never>(a<Narrowed<now.NamingError, then.NamingError>>());
is<(...args: ConstructorParameters<typeof then.Router>) => void>(a<(...args: ConstructorParameters<typeof now.Router>) => void>());
is<(...args: ConstructorParameters<typeof then.NamingError>) => void>(a<(...args: ConstructorParameters<typeof now.NamingError>) => void>());

// Outputs: the new shape is one the old promised.
is<then.Diagnostic>(a<now.Diagnostic>());
is<then.Report>(a<now.Report>());
is<then.Report<'registry'>>(a<now.Report<'registry'>>());
is<then.PartsMap>(a<now.PartsMap>());
is<then.Parts<'agent'>>(a<now.Parts<'agent'>>());
is<then.JsonRpcError>(a<now.JsonRpcError>());
is<then.ConventionInfo>(a<now.ConventionInfo>());
is<then.ResourceUriParts>(a<now.ResourceUriParts>());
is<then.ResourceUriReport>(a<now.ResourceUriReport>());
is<then.SyntropyLayers>(a<now.SyntropyLayers>());
is<then.EntryDiagnostic>(a<now.EntryDiagnostic>());
is<then.FileCheck>(a<now.FileCheck>());
is<then.ExposedTool>(a<now.ExposedTool>());
is<then.ExposedResource>(a<now.ExposedResource>());
is<then.Exposure>(a<now.Exposure>());
is<then.Exposure<then.ExposedResource>>(a<now.Exposure<now.ExposedResource>>());
is<then.Mapped<{ name: string }>>(a<now.Mapped<{ name: string }>>());
is<then.Route>(a<now.Route>());
is<then.ClientShownTool>(a<now.ClientShownTool>());
is<then.ClientView>(a<now.ClientView>());
is<thenRegistry.FieldDiagnostic>(a<nowRegistry.FieldDiagnostic>());
is<thenRegistry.ShapeCheck>(a<nowRegistry.ShapeCheck>());
is<thenOpenProject.PageEnvelope<number>>(a<nowOpenProject.PageEnvelope<number>>());

// Inputs: whatever the old type accepted, the new one does.
is<now.Options>(a<then.Options>());
is<now.ToolState>(a<then.ToolState>());
is<now.RouterConfig>(a<then.RouterConfig>());
is<now.RouterStyle>(a<then.RouterStyle>());
is<now.PeerStyle>(a<then.PeerStyle>());
is<now.RouterPattern>(a<then.RouterPattern>());
is<now.ExposeOptions>(a<then.ExposeOptions>());
is<now.ListOptions>(a<then.ListOptions>());
is<now.MapOptions>(a<then.MapOptions>());
is<nowRegistry.Descriptor>(a<thenRegistry.Descriptor>());

// Both ways: the same set of ids.
is<now.ConventionId>(a<then.ConventionId>());
is<then.ConventionId>(a<now.ConventionId>());
is<now.Provider>(a<then.Provider>());
is<then.Provider>(a<now.Provider>());
is<now.PeerId>(a<then.PeerId>());
is<then.PeerId>(a<now.PeerId>());
is<now.Client>(a<then.Client>());
is<then.Client>(a<now.Client>());
is<thenRegistry.Descriptor>(a<nowRegistry.Descriptor>());

// What the generated types add: codes are the core's, not any string.
is<now.Code>(a<now.Diagnostic['code']>());
is<now.Code>(a<now.NamingError['code']>());
// @ts-expect-error a code the core does not have
is<now.Code>('no_such_code');
const diagnostic: now.Diagnostic = { code: 'unknown_tool', severity: 'error', message: 'm', start: 0, end: 0, path: 'servers[0]', suggestion: 'x' };
void diagnostic;
