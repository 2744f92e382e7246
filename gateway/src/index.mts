// mcp-naming-gateway as a library: the command line's entry, the config's types and reader, and the
// interface of the core (src/core-api.mts).
export { main, HELP, VERSION } from './cli.mjs';
export type { MainOptions, Io } from './cli.mjs';
export { loadConfig, parseConfig, ConfigError } from './config.mjs';
export type {
  GatewayConfig, UpstreamConfig, StdioUpstreamConfig, HttpUpstreamConfig, GatewayRouterConfig, HttpConfig,
  AuthConfig, BearerToken, ScopeGrant, OAuthConfig, LogConfig, MetricsConfig, LoadedConfig,
} from './config.mjs';
export { checkSchema, configSchema } from './schema.mjs';
export type { Problem } from './schema.mjs';
export { hashToken } from './auth.mjs';
export { convert as convertClientConfig } from './init.mjs';
export type * from './core-api.mjs';
