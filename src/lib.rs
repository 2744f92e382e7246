//! Names of MCP tools and resources, checked, rewritten and fitted the same way by every gateway.
//!
//! One engine for the naming conventions of the Model Context Protocol ecosystem: the MCP
//! specification's rule, Chora's `namespace:tool`, Syntropy's `mcp__syntropy__<server>_<tool>`,
//! Claude Code's `mcp__<server>__<tool>`, the Cloudflare agent's `<mcp>__<tool>`, OpenProject's
//! `{action}_{entity}` and the tool registry's dotted ids. Each parses, formats (the exact
//! inverse), validates with diagnostics a model can correct itself from, and suggests the nearest
//! valid name. Names convert between conventions, and fit the rules of model providers.
//!
//! ```
//! use mcp_naming::{validate, convert, Convention, Options};
//! use mcp_naming::{fit, Provider};
//!
//! let opts = Options::default();
//! let report = validate("my-project:create-task", Convention::Chora, &opts);
//! assert!(!report.is_valid());
//! assert_eq!(report.errors[0].code.as_str(), "hyphen_not_allowed");
//! assert_eq!(report.suggestion.as_deref(), Some("myproject:create_task"));
//!
//! let agent = convert("myproject:create_task", Convention::Chora, Convention::Agent, &opts).unwrap();
//! assert_eq!(agent, "myproject__create_task");
//! assert_eq!(fit("myproject:create_task", Provider::OpenAi, &[]), "myproject_create_task");
//! ```
//!
//! Nothing here panics on any input, and every function that can fail returns an [`Error`] with
//! a stable [`Code`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod arguments;
mod base64;
mod chars;
pub mod client;
pub mod codemode;
mod convention;
mod diagnostic;
pub mod dialect;
mod json;
mod keys;
mod method_options;
pub mod openproject;
mod provider;
mod read;
pub mod registry;
pub mod registry_name;
pub mod router;
mod search;
mod sha1;
mod sha256;
mod suggest;
pub mod syntropy;
mod text;
mod uri;

pub use convention::chora::{is_namespace, namespace_from_slug};
pub use convention::claude::{normalize_server_name, Rule as PermissionRule};
pub use convention::{
    convert, detect, explain, format, format_with, is_valid, parse, validate, Convention, Explanation, Options, Parts,
    Report, MAX_SUGGEST_LEN,
};
pub use diagnostic::{Code, Diagnostic, Error, Severity, Span};
pub use json::Json;
pub use provider::{check_providers, fit, fit_all, fit_with, fit_within, Provider};
pub use uri::{format_resource_uri, parse_resource_uri, validate_resource_uri, ResourceUri, UriReport};

// For the packages and the build, not for users: the fast-path patterns the build writes into
// the npm package, the reader of formatToolName's parts, the unknown-key error the glue raises.
#[doc(hidden)]
pub use convention::{fast_patterns, format_json, ConventionInfo, FastPatterns};
#[doc(hidden)]
pub use diagnostic::Check;
#[doc(hidden)]
pub use method_options::{Method, MethodOptions};
