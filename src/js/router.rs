//! The router for JavaScript: configuration in, routes and exposed tools out as plain objects.

use super::convert::{field, object, opt_bool, opt_pairs, opt_string, opt_strings, req_string, str_or_null, Obj};
use super::error_to_js;
use crate::convention::syntropy::Upstream;
use crate::pairs::Pairs;
use crate::router::{ExposedTool, Route, Router, RouterConfig, ServerConfig, StyleConfig};
use js_sys::Array;
use wasm_bindgen::prelude::*;

fn route_js(r: &Route<'_>) -> JsValue {
    let mut o = Obj::new().set("server", str_or_null(r.server)).set("tool", r.tool.as_ref()).set("builtin", r.builtin);
    o = o.set_opt("pool", r.pool).set_opt("upstreamPrefix", r.upstream_prefix);
    if r.deprecated {
        o = o.set("deprecated", true);
    }
    o.done()
}

fn tool_js(t: &ExposedTool) -> JsValue {
    Obj::new()
        .set("name", t.name.as_str())
        .set("qualified", t.qualified.as_str())
        .set("server", t.server.as_str())
        .set("upstream", t.upstream.as_str())
        .done()
}

fn config_error(message: String) -> JsValue {
    let e = crate::diagnostic::Error::new(crate::Code::InvalidConfig, crate::Span::default(), message);
    error_to_js("", &e)
}

/// Reads a `RouterConfig` from a JS object; a wrong type is `invalid_config` naming its path.
fn read_config(v: &JsValue) -> Result<RouterConfig, JsValue> {
    let retag = |e: JsValue| {
        let message = js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string()).unwrap_or_default();
        config_error(format!("invalid router configuration: {message}"))
    };
    object(v, "config").map_err(retag)?;
    let style = match field(v, "style") {
        Some(s) if s.is_string() => StyleConfig::Named(s.as_string().unwrap_or_default()),
        Some(s) if s.is_object() => StyleConfig::Custom {
            separator: req_string(&s, "separator", "style.").map_err(retag)?,
            prefix: opt_string(&s, "prefix", "style.").map_err(retag)?,
            pattern: opt_string(&s, "pattern", "style.").map_err(retag)?,
        },
        _ => return Err(config_error("invalid router configuration: style is required: \"syntropy\", \"claude\", \"agent\", \"chora\" or { separator, prefix?, pattern? }".into())),
    };
    let list = field(v, "servers")
        .ok_or_else(|| config_error("invalid router configuration: servers is required (an array)".into()))?;
    if !Array::is_array(&list) {
        return Err(config_error("invalid router configuration: servers must be an array".into()));
    }
    let mut servers = Vec::new();
    for (i, s) in Array::from(&list).iter().enumerate() {
        let path = format!("servers[{i}].");
        object(&s, &format!("servers[{i}]")).map_err(retag)?;
        let upstream = match opt_string(&s, "upstream", &path).map_err(retag)?.as_deref() {
            None | Some("same") => Upstream::Same,
            Some("hyphens") => Upstream::Hyphens,
            Some(other) => {
                return Err(config_error(format!(
                    "invalid router configuration: {path}upstream: {} is not \"same\" or \"hyphens\"",
                    crate::text::quoted(other)
                )))
            }
        };
        servers.push(ServerConfig {
            name: req_string(&s, "name", &path).map_err(retag)?,
            upstream,
            pool: opt_string(&s, "pool", &path).map_err(retag)?,
            upstream_prefix: opt_string(&s, "upstreamPrefix", &path).map_err(retag)?,
            enabled: opt_bool(&s, "enabled", &path).map_err(retag)?.unwrap_or(true),
        });
    }
    Ok(RouterConfig {
        style,
        gateway: opt_string(v, "gateway", "").map_err(retag)?,
        servers,
        builtins: opt_strings(v, "builtins", "").map_err(retag)?.unwrap_or_default(),
        aliases: Pairs(opt_pairs(v, "aliases", "").map_err(retag)?.unwrap_or_default()),
        enabled: opt_strings(v, "enabled", "").map_err(retag)?.unwrap_or_default(),
        disabled: opt_strings(v, "disabled", "").map_err(retag)?.unwrap_or_default(),
        provider: opt_string(v, "provider", "").map_err(retag)?,
    })
}

/// The core's `Router`, held by the JavaScript `Router` class.
#[wasm_bindgen]
pub struct WasmRouter {
    inner: Router,
}

#[wasm_bindgen]
impl WasmRouter {
    /// `new Router(config)`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<WasmRouter, JsValue> {
        let config = read_config(&config)?;
        Router::new(config).map(|inner| WasmRouter { inner }).map_err(|e| error_to_js("", &e))
    }

    /// `router.expose(server, tools)`.
    pub fn expose(&mut self, server: &str, tools: Vec<String>) -> Result<JsValue, JsValue> {
        let exposed = self.inner.expose(server, &tools).map_err(|e| error_to_js("", &e))?;
        Ok(exposed.iter().map(tool_js).collect::<Array>().into())
    }

    /// `router.route(name)`.
    pub fn route(&self, name: &str) -> Result<JsValue, JsValue> {
        self.inner.route(name).map(|r| route_js(&r)).map_err(|e| error_to_js(name, &e))
    }

    /// `router.tryRoute(name)`.
    pub fn try_route(&self, name: &str) -> JsValue {
        self.inner.try_route(name).map_or(JsValue::NULL, |r| route_js(&r))
    }

    /// `router.isEnabled(name)`.
    pub fn is_enabled(&self, name: &str) -> bool {
        self.inner.is_enabled(name)
    }

    /// `router.tools()`.
    pub fn tools(&self) -> JsValue {
        self.inner.tools().map(tool_js).collect::<Array>().into()
    }

    /// Every name a table hit answers, with its route: `[name, route][]`.
    pub fn routes(&self) -> JsValue {
        self.inner
            .routes()
            .iter()
            .map(|(k, r)| Array::of2(&JsValue::from_str(k), &route_js(r)))
            .collect::<Array>()
            .into()
    }

    /// `router.exposeResource(server, uri)`.
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, JsValue> {
        self.inner.expose_resource(server, uri).map_err(|e| error_to_js(uri, &e))
    }

    /// `router.routeResource(uri)`.
    pub fn route_resource(&self, uri: &str) -> Result<JsValue, JsValue> {
        let (server, original) = self.inner.route_resource(uri).map_err(|e| error_to_js(uri, &e))?;
        Ok(Obj::new().set("server", server).set("uri", original.as_ref()).done())
    }
}
