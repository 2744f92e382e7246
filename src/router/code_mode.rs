//! Code mode over what a router exposes: each configured server a namespace named after its
//! label (a registry name's prefix), each enabled exposed tool a function named after its tool
//! part, and the way back from `namespace.identifier` to the upstream call, as `tools/call` of
//! the exposed name would go. The projection itself is [`crate::codemode`]'s.

use super::mcp::Mapped;
use super::Router;
use crate::codemode::{self, CatalogServer, CatalogTool, CodeMode, Options, Tool};
use crate::diagnostic::Error;
use crate::json::Json;

impl Router {
    /// The catalog code mode projects: every configured server (in configuration order) with its
    /// label (a registry name's prefix with its words joined by `_`) and its enabled exposed tools
    /// (in list order), each with its exposed name and tool part.
    ///
    /// ```
    /// use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig};
    ///
    /// let config = RouterConfig::new(StyleConfig::Named("claude".into()), vec![ServerConfig::new("io.github.acme/weather")]);
    /// let mut router = Router::new(config).unwrap();
    /// router.expose("io.github.acme/weather", &["get_forecast"]).unwrap();
    /// let catalog = router.code_mode_catalog();
    /// assert_eq!((catalog[0].label.as_str(), catalog[0].tools[0].name.as_str()), ("weather", "weather__get_forecast"));
    /// assert_eq!(catalog[0].server, "io.github.acme/weather");
    /// assert_eq!(catalog[0].tools[0].part, "get_forecast");
    /// ```
    pub fn code_mode_catalog(&self) -> Vec<CatalogServer> {
        let mut out: Vec<CatalogServer> = self
            .c
            .servers
            .iter()
            .map(|s| {
                // A registry name's prefix is this crate's own spelling of its words: written in
                // the canonical spelling (`acme_weather`), its namespace needs no digest.
                let label = if s.label != s.name { s.label.replace('-', "_") } else { s.label.clone() };
                CatalogServer { server: s.name.clone(), label, tools: Vec::new() }
            })
            .collect();
        for (_, e) in self.tools.all().filter(|(_, e)| e.visible()) {
            let part = self.c.name_part(e).unwrap_or(e.name()).to_string();
            out[e.server as usize].tools.push(CatalogTool { name: e.name().to_string(), part, tool: None });
        }
        out
    }

    /// Code mode over this router's catalog; `object` gives an exposed name's tool object where
    /// the host keeps one (for descriptions and schemas in the declarations).
    ///
    /// ```
    /// use mcp_naming::codemode::Options;
    /// use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig};
    ///
    /// let config = RouterConfig::new(StyleConfig::Named("agent".into()), vec![ServerConfig::new("github")]);
    /// let mut router = Router::new(config).unwrap();
    /// router.expose("github", &["search-code"]).unwrap();
    /// let cm = router.code_mode(&Options::default(), |_| None).unwrap();
    /// assert_eq!((cm.namespaces[0].name.as_str(), cm.namespaces[0].tools[0].name.as_str()), ("github", "searchCode"));
    /// assert_eq!(cm.namespaces[0].tools[0].tool, "github__search_code");
    /// ```
    ///
    /// # Errors
    /// As [`codemode::code_mode`].
    pub fn code_mode(&self, options: &Options, object: impl Fn(&str) -> Option<Tool>) -> Result<CodeMode, Error> {
        let mut catalog = self.code_mode_catalog();
        for t in catalog.iter_mut().flat_map(|s| s.tools.iter_mut()) {
            t.tool = object(&t.name);
        }
        codemode::code_mode_catalog(&catalog, options)
    }

    /// The upstream call `namespace.identifier(arguments)` makes, as [`Router::call_target`] maps
    /// `tools/call` of the exposed name: `{ server, params: { name, arguments }, header }`.
    ///
    /// ```
    /// use mcp_naming::codemode::Options;
    /// use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig};
    ///
    /// let config = RouterConfig::new(StyleConfig::Named("claude".into()), vec![ServerConfig::new("io.github.acme/weather")]);
    /// let mut router = Router::new(config).unwrap();
    /// router.expose("io.github.acme/weather", &["get-forecast"]).unwrap();
    /// let args = serde_json::from_str(r#"{ "city": "Oslo" }"#).unwrap();
    /// // "get-forecast" is not spelled lower_snake: its identifier carries a digest of its name.
    /// let call = router.map_code_mode_call(&Options::default(), "weather", "getForecast_f7b6b0db5c30", args);
    /// let call = call.unwrap();
    /// assert_eq!(call.server, "io.github.acme/weather");
    /// assert_eq!(call.params.get("name").and_then(|n| n.as_str()), Some("get-forecast"));
    /// let err = router.map_code_mode_call(&Options::default(), "weathr", "x", mcp_naming::Json::Null).unwrap_err();
    /// assert_eq!((err.code.as_str(), err.suggestions.as_slice()), ("unknown_server", ["weather".to_string()].as_slice()));
    /// ```
    ///
    /// # Errors
    /// `unknown_server` / `unknown_tool` with suggestions for a namespace or identifier this
    /// router's code mode does not have; then as [`Router::call_target`].
    pub fn map_code_mode_call(
        &self,
        options: &Options,
        namespace: &str,
        identifier: &str,
        arguments: Json,
    ) -> Result<Mapped, Error> {
        let exposed = codemode::resolve_catalog(&self.code_mode_catalog(), options, namespace, identifier)?;
        let target = self.call_target(&exposed, None)?;
        let mut params = vec![("name".to_string(), Json::String(target.upstream))];
        if !matches!(arguments, Json::Null) {
            params.push(("arguments".to_string(), arguments));
        }
        Ok(Mapped {
            server: target.server,
            params: Json::Object(params),
            header: target.header,
            param_headers: Vec::new(),
        })
    }
}
