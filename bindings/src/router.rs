//! The router for JavaScript: configuration and MCP messages in as plain objects (read into the
//! core's `Json`), routes, exposures and lists out as plain objects. Decides nothing.

use super::convert::{diagnostics, json, str_or_null, Obj};
use super::error_to_js;
use js_sys::{Array, Object, Reflect};
use mcp_naming::diagnostic::Error;
use mcp_naming::json::Json;
use mcp_naming::router::mcp::{Exposure, OnInvalid, Target};
use mcp_naming::router::{header, ExposedResource, ExposedTool, Route, Router, RouterConfig};
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
        .set("enabled", t.enabled)
        .done()
}

fn resource_js(r: &ExposedResource) -> JsValue {
    Obj::new().set("uri", r.uri.as_str()).set("server", r.server.as_str()).set("upstream", r.upstream.as_str()).done()
}

fn exposure_js<T>(e: &Exposure<T>, item: impl Fn(&T) -> JsValue) -> JsValue {
    let skipped: Array = e
        .skipped
        .iter()
        .map(|s| {
            Obj::new()
                .set("name", s.name.as_str())
                .set("code", s.code.as_str())
                .set("message", s.message.as_str())
                .done()
        })
        .collect();
    Obj::new()
        .set("exposed", e.exposed.iter().map(item).collect::<Array>())
        .set("skipped", skipped)
        .set("changed", e.changed)
        .set("warnings", diagnostics("", &e.warnings))
        .done()
}

fn target_js(t: &Target) -> JsValue {
    Obj::new()
        .set("server", t.server.as_str())
        .set("upstream", t.upstream.as_str())
        .set("header", t.header.as_str())
        .done()
}

/// The core's `Json` as a plain JS value.
fn to_js(v: &Json) -> JsValue {
    match v {
        Json::Null => JsValue::NULL,
        Json::Bool(b) => JsValue::from_bool(*b),
        Json::Number(n) => JsValue::from_f64(*n),
        Json::String(s) => JsValue::from_str(s),
        Json::Array(items) => items.iter().map(to_js).collect::<Array>().into(),
        Json::Object(members) => {
            let o = Object::new();
            for (k, val) in members {
                // Setting a property on a fresh plain object cannot fail.
                let _ = Reflect::set(&o, &JsValue::from_str(k), &to_js(val));
            }
            o.into()
        }
    }
}

fn on_invalid(skip: bool) -> OnInvalid {
    if skip {
        OnInvalid::Skip
    } else {
        OnInvalid::Throw
    }
}

fn err(e: Error) -> JsValue {
    error_to_js("", &e)
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
        let config = RouterConfig::from_json(&json(&config)?).map_err(err)?;
        Router::new(config).map(|inner| WasmRouter { inner }).map_err(err)
    }

    /// `router.expose(server, tools)`.
    pub fn expose(&mut self, server: &str, tools: Vec<String>) -> Result<JsValue, JsValue> {
        let exposed = self.inner.expose(server, &tools).map_err(err)?;
        Ok(exposed.iter().map(tool_js).collect::<Array>().into())
    }

    /// `router.exposeTools(server, result, { onInvalid })`.
    pub fn expose_tools(&mut self, server: &str, result: JsValue, skip: bool) -> Result<JsValue, JsValue> {
        let e = self.inner.expose_tools(server, &json(&result)?, on_invalid(skip)).map_err(err)?;
        Ok(exposure_js(&e, tool_js))
    }

    /// `router.rewriteToolsList(server, result)`.
    pub fn rewrite_tools_list(&mut self, server: &str, result: JsValue) -> Result<JsValue, JsValue> {
        let out = self.inner.rewrite_tools_list(server, &json(&result)?).map_err(err)?;
        Ok(to_js(&out))
    }

    /// `router.exposePrompts(server, result, { onInvalid })`.
    pub fn expose_prompts(&mut self, server: &str, result: JsValue, skip: bool) -> Result<JsValue, JsValue> {
        let e = self.inner.expose_prompts(server, &json(&result)?, on_invalid(skip)).map_err(err)?;
        Ok(exposure_js(&e, tool_js))
    }

    /// `router.exposeResources(server, result, { onInvalid })`.
    pub fn expose_resources(&mut self, server: &str, result: JsValue, skip: bool) -> Result<JsValue, JsValue> {
        let e = self.inner.expose_resources(server, &json(&result)?, on_invalid(skip)).map_err(err)?;
        Ok(exposure_js(&e, resource_js))
    }

    /// `router.exposeResourceTemplates(server, result, { onInvalid })`.
    pub fn expose_resource_templates(&mut self, server: &str, result: JsValue, skip: bool) -> Result<JsValue, JsValue> {
        let e = self.inner.expose_resource_templates(server, &json(&result)?, on_invalid(skip)).map_err(err)?;
        Ok(exposure_js(&e, resource_js))
    }

    /// `router.listTools` / `listPrompts` / `listResources` / `listResourceTemplates`, by `kind`
    /// (0 to 3).
    pub fn list(&self, kind: u32, cursor: Option<String>, page_size: Option<u32>) -> Result<JsValue, JsValue> {
        let (cursor, size) = (cursor.as_deref(), page_size.map(|n| n as usize));
        let list = match kind {
            0 => self.inner.list_tools(cursor, size),
            1 => self.inner.list_prompts(cursor, size),
            2 => self.inner.list_resources(cursor, size),
            _ => self.inner.list_resource_templates(cursor, size),
        };
        list.map(|l| to_js(&l)).map_err(err)
    }

    /// Where a `tools/call` (0), `prompts/get` (1) or `resources/read` (2) goes.
    pub fn target(&self, kind: u32, name: &str, header: Option<String>) -> Result<JsValue, JsValue> {
        let h = header.as_deref();
        let t = match kind {
            0 => self.inner.call_target(name, h),
            1 => self.inner.prompt_target(name, h),
            _ => self.inner.resource_target(name, h),
        };
        t.map(|t| target_js(&t)).map_err(|e| error_to_js(name, &e))
    }

    /// `router.rewriteResult(server, result)`.
    pub fn rewrite_result(&mut self, server: &str, result: JsValue) -> Result<JsValue, JsValue> {
        let out = self.inner.rewrite_result(server, &json(&result)?).map_err(err)?;
        Ok(to_js(&out))
    }

    /// `router.migrateName(name, from)`.
    pub fn migrate(&self, name: &str, from: &WasmRouter) -> Result<String, JsValue> {
        self.inner.migrate(name, &from.inner).map_err(|e| error_to_js(name, &e))
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

/// `encodeMcpNameHeader(value)`.
#[wasm_bindgen]
pub fn encode_mcp_name(value: &str) -> String {
    header::encode(value)
}

/// `decodeMcpNameHeader(header)`.
#[wasm_bindgen]
pub fn decode_mcp_name(value: &str) -> Result<String, JsValue> {
    header::decode(value).map_err(|e| error_to_js(value, &e))
}
