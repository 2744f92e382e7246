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
//! use mcp_naming::provider::{fit, Provider};
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

pub(crate) mod chars;
pub mod client;
pub mod convention;
pub mod diagnostic;
pub mod json;
pub(crate) mod keys;
pub mod openproject;
pub(crate) mod pairs;
pub mod provider;
pub mod registry;
pub mod router;
pub(crate) mod sha1;
pub(crate) mod suggest;
pub(crate) mod text;
pub mod uri;

pub use convention::{
    convert, detect, format, format_with, is_valid, parse, validate, Convention, Options, Parts, Report,
};
pub use diagnostic::{Code, Diagnostic, Error, Severity, Span};
