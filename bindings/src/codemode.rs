//! Code mode and registry names for JavaScript (`mcp-naming/codemode`, its own .wasm built with
//! the `codemode` feature), and the router's catalog for it (in the names .wasm). Converts types;
//! every decision is the core's (`mcp_naming::codemode`, `mcp_naming::registry_name`).

use crate::convert::{error, json, to_js, utf16_spans};
use mcp_naming::codemode::{self, CatalogServer, Options, ServerTools};
use mcp_naming::registry_name;
use wasm_bindgen::prelude::*;

#[cfg(feature = "names")]
use crate::router::WasmRouter;

/// Options through the core's reader (`undefined` and `null`: the defaults).
fn options(value: &JsValue) -> Result<Options, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Options::default());
    }
    Options::from_json(&json(value)?).map_err(|e| error("", &e))
}

fn servers(value: &JsValue) -> Result<Vec<ServerTools>, JsValue> {
    ServerTools::list_from_json(&json(value)?).map_err(|e| error("", &e))
}

fn catalog(value: &JsValue) -> Result<Vec<CatalogServer>, JsValue> {
    CatalogServer::list_from_json(&json(value)?).map_err(|e| error("", &e))
}

/// `codeMode(servers, options)`.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn code_mode(servers_value: JsValue, options_value: JsValue) -> Result<JsValue, JsValue> {
    let opts = options(&options_value)?;
    let cm = codemode::code_mode(&servers(&servers_value)?, &opts).map_err(|e| error("", &e))?;
    Ok(to_js(&cm))
}

/// `resolveCodeMode(servers, namespace, identifier, options)`: `[serverIndex, toolIndex]`.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn code_mode_resolve(
    servers_value: JsValue,
    namespace: &str,
    identifier: &str,
    options_value: JsValue,
) -> Result<Vec<u32>, JsValue> {
    let opts = options(&options_value)?;
    let (si, ti) =
        codemode::resolve(&servers(&servers_value)?, &opts, namespace, identifier).map_err(|e| error("", &e))?;
    Ok(vec![si as u32, ti as u32])
}

/// A router's code mode: its catalog (with the host's tool objects) projected.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn code_mode_catalog(catalog_value: JsValue, options_value: JsValue) -> Result<JsValue, JsValue> {
    let opts = options(&options_value)?;
    let cm = codemode::code_mode_catalog(&catalog(&catalog_value)?, &opts).map_err(|e| error("", &e))?;
    Ok(to_js(&cm))
}

/// A router's way back: the exposed name `namespace.identifier` calls.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn code_mode_catalog_resolve(
    catalog_value: JsValue,
    namespace: &str,
    identifier: &str,
    options_value: JsValue,
) -> Result<String, JsValue> {
    let opts = options(&options_value)?;
    codemode::resolve_catalog(&catalog(&catalog_value)?, &opts, namespace, identifier).map_err(|e| error("", &e))
}

/// A router's namespaces and identifiers, `[[namespace, [identifier, …]], …]` in its catalog's
/// order: what the glue indexes to map calls back without entering the .wasm each time.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn code_mode_catalog_identifiers(catalog_value: JsValue, options_value: JsValue) -> Result<JsValue, JsValue> {
    let opts = options(&options_value)?;
    let ids = codemode::catalog_identifiers(&catalog(&catalog_value)?, &opts).map_err(|e| error("", &e))?;
    Ok(to_js(&ids))
}

/// `validateServerName(name)`, spans in UTF-16 units.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn validate_server_name(name: &str) -> JsValue {
    let mut report = registry_name::validate_server_name(name);
    utf16_spans(name, &mut report.errors);
    utf16_spans(name, &mut report.warnings);
    to_js(&report)
}

/// `checkMcpNameMarker(readme, name)`, spans in UTF-16 units of the README.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn check_mcp_name_marker(readme: &str, name: &str) -> JsValue {
    let mut check = registry_name::check_mcp_name_marker(readme, name);
    utf16_spans(readme, &mut check.errors);
    to_js(&check)
}

/// `registryPrefixes(names)`.
#[cfg(feature = "codemode")]
#[wasm_bindgen]
pub fn registry_prefixes(names: Vec<String>) -> Vec<String> {
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    registry_name::registry_prefixes(&refs)
}

/// The router's catalog for its code mode (in the names .wasm: the code mode .wasm projects it).
#[cfg(feature = "names")]
#[wasm_bindgen]
impl WasmRouter {
    /// `[{ server, label, tools: [{ name, part }] }]`.
    pub fn code_mode_catalog(&self) -> JsValue {
        to_js(&self.inner.code_mode_catalog())
    }

    /// The same catalog as JSON text: what `mapCodeModeCall` keys its index of calls by.
    pub fn code_mode_catalog_json(&self) -> String {
        serde_json::to_string(&self.inner.code_mode_catalog()).unwrap_or_default()
    }
}
