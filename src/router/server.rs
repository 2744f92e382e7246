//! A configured server as the router uses it: the configuration's defaults filled in.

use crate::convention::syntropy::Upstream;
use serde::Serialize;

/// A configured server with its defaults filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Server {
    /// Its name, as configured: what routes and errors name.
    pub name: String,
    /// What exposed names write it as: its name, or the prefix of a registry name the style
    /// cannot write (`io.github.acme/weather` → `weather`).
    #[serde(skip)]
    pub label: String,
    /// How the backend writes its tool names.
    #[serde(skip)]
    pub upstream: Upstream,
    /// Syntropy: its pool key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    /// Syntropy: the backend's own prefix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream_prefix: Option<String>,
    /// A disabled server's tools are all disabled.
    #[serde(skip)]
    pub enabled: bool,
}
