//! The router for JavaScript: configuration in, routes and exposed tools out as plain objects.

use super::{error_to_js, to_js};
use crate::diagnostic::{Code, Error};
use crate::router::{ExposedTool, Route, Router, RouterConfig};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsRoute<'a> {
    server: Option<&'a str>,
    tool: &'a str,
    builtin: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pool: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    upstream_prefix: Option<&'a str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    deprecated: bool,
}

fn route_js<'a>(r: &'a Route<'_>) -> JsRoute<'a> {
    JsRoute {
        server: r.server,
        tool: &r.tool,
        builtin: r.builtin,
        pool: r.pool,
        upstream_prefix: r.upstream_prefix,
        deprecated: r.deprecated,
    }
}

#[derive(Serialize)]
struct JsTool<'a> {
    name: &'a str,
    qualified: &'a str,
    server: &'a str,
    upstream: &'a str,
}

fn tool_js(t: &ExposedTool) -> JsTool<'_> {
    JsTool { name: &t.name, qualified: &t.qualified, server: &t.server, upstream: &t.upstream }
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
        let config: RouterConfig = serde_wasm_bindgen::from_value(config).map_err(|e| {
            let message = format!("invalid router configuration: {e}");
            let mut err = Error::invalid_argument(message.clone());
            err.code = Code::InvalidConfig;
            err.diagnostics[0].code = Code::InvalidConfig;
            error_to_js("", &err)
        })?;
        Router::new(config).map(|inner| WasmRouter { inner }).map_err(|e| error_to_js("", &e))
    }

    /// `router.expose(server, tools)`.
    pub fn expose(&mut self, server: &str, tools: Vec<String>) -> Result<JsValue, JsValue> {
        let exposed = self.inner.expose(server, &tools).map_err(|e| error_to_js("", &e))?;
        Ok(to_js(&exposed.iter().map(tool_js).collect::<Vec<_>>()))
    }

    /// `router.route(name)`.
    pub fn route(&self, name: &str) -> Result<JsValue, JsValue> {
        self.inner.route(name).map(|r| to_js(&route_js(&r))).map_err(|e| error_to_js(name, &e))
    }

    /// `router.tryRoute(name)`.
    pub fn try_route(&self, name: &str) -> JsValue {
        self.inner.try_route(name).map_or(JsValue::NULL, |r| to_js(&route_js(&r)))
    }

    /// `router.isEnabled(name)`.
    pub fn is_enabled(&self, name: &str) -> bool {
        self.inner.is_enabled(name)
    }

    /// `router.tools()`.
    pub fn tools(&self) -> JsValue {
        to_js(&self.inner.tools().map(tool_js).collect::<Vec<_>>())
    }

    /// Every name a table hit answers, with its route: `[name, route][]`.
    pub fn routes(&self) -> JsValue {
        let routes = self.inner.routes();
        to_js(&routes.iter().map(|(k, r)| (k.as_str(), route_js(r))).collect::<Vec<_>>())
    }

    /// `router.exposeResource(server, uri)`.
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, JsValue> {
        self.inner.expose_resource(server, uri).map_err(|e| error_to_js(uri, &e))
    }

    /// `router.routeResource(uri)`.
    pub fn route_resource(&self, uri: &str) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct Out<'a> {
            server: &'a str,
            uri: &'a str,
        }
        let (server, original) = self.inner.route_resource(uri).map_err(|e| error_to_js(uri, &e))?;
        Ok(to_js(&Out { server, uri: &original }))
    }
}
