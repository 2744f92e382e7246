//! Plain conversions between JavaScript values and Rust ones: objects are built and read with
//! `Reflect`, arrays with `Array`. (A serde bridge costs far more code in the `.wasm` than these
//! few helpers, and reports wrong types less precisely.)

use js_sys::{Array, Object, Reflect};
use mcp_naming::diagnostic::{Diagnostic, Error};
use wasm_bindgen::JsValue;

/// A JS object under construction.
pub(crate) struct Obj(Object);

impl Obj {
    pub(crate) fn new() -> Obj {
        Obj(Object::new())
    }

    pub(crate) fn set(self, key: &str, value: impl Into<JsValue>) -> Obj {
        // Setting a property on a fresh plain object cannot fail.
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }

    pub(crate) fn set_opt(self, key: &str, value: Option<&str>) -> Obj {
        match value {
            Some(v) => self.set(key, v),
            None => self,
        }
    }

    pub(crate) fn done(self) -> JsValue {
        self.0.into()
    }
}

/// A JS string, or `null`.
pub(crate) fn str_or_null(value: Option<&str>) -> JsValue {
    value.map_or(JsValue::NULL, JsValue::from_str)
}

/// A JS array of strings.
pub(crate) fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> JsValue {
    items.into_iter().map(JsValue::from_str).collect::<Array>().into()
}

/// UTF-16 offset of byte `byte` of `text` (what JavaScript indexes strings by).
pub(crate) fn utf16_at(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    if text.is_ascii() {
        return byte as u32;
    }
    text.get(..byte).map_or(0, |t| t.encode_utf16().count() as u32)
}

/// Diagnostics as `{ code, severity, message, start, end }` objects, spans in UTF-16 units of `text`.
pub(crate) fn diagnostics<'a>(text: &str, list: impl IntoIterator<Item = &'a Diagnostic>) -> JsValue {
    list.into_iter()
        .map(|d| {
            Obj::new()
                .set("code", d.code.as_str())
                .set("severity", d.severity.as_str())
                .set("message", d.message.as_str())
                .set("start", utf16_at(text, d.span.start))
                .set("end", utf16_at(text, d.span.end))
                .set_opt("path", d.path.as_deref())
                .set_opt("suggestion", d.suggestion.as_deref())
                .done()
        })
        .collect::<Array>()
        .into()
}

/// An error as the plain object the JavaScript glue turns into a `NamingError`.
pub(crate) fn error(text: &str, e: &Error) -> JsValue {
    Obj::new()
        .set("code", e.code.as_str())
        .set("message", e.message.as_str())
        .set("diagnostics", diagnostics(text, &e.diagnostics))
        .set("suggestions", strings(e.suggestions.iter().map(String::as_str)))
        .set_opt("server", e.server.as_deref())
        .done()
}

/// An `invalid_argument` error object.
pub(crate) fn invalid(message: String) -> JsValue {
    error("", &Error::invalid_argument(message))
}

fn what(value: &JsValue) -> &'static str {
    if value.is_null() {
        "null"
    } else if value.is_undefined() {
        "undefined"
    } else if Array::is_array(value) {
        "an array"
    } else if value.is_string() {
        "a string"
    } else if value.as_f64().is_some() {
        "a number"
    } else if value.as_bool().is_some() {
        "a boolean"
    } else if value.is_function() {
        "a function"
    } else if value.is_object() {
        "an object"
    } else {
        "a symbol or a bigint"
    }
}

/// Reads `value[key]`: `undefined` (or `null`) as absent.
pub(crate) fn field(value: &JsValue, key: &str) -> Option<JsValue> {
    if !value.is_object() {
        return None;
    }
    let v = Reflect::get(value, &JsValue::from_str(key)).ok()?;
    (!v.is_undefined() && !v.is_null()).then_some(v)
}

/// An optional string field; `path` names it in the error.
pub(crate) fn opt_string(value: &JsValue, key: &str, path: &str) -> Result<Option<String>, JsValue> {
    match field(value, key) {
        None => Ok(None),
        Some(v) => {
            v.as_string().map(Some).ok_or_else(|| invalid(format!("{path}{key} must be a string, got {}", what(&v))))
        }
    }
}

/// A required string field.
pub(crate) fn req_string(value: &JsValue, key: &str, path: &str) -> Result<String, JsValue> {
    opt_string(value, key, path)?.ok_or_else(|| invalid(format!("{path}{key} is required (a string)")))
}

/// A JS array of strings as a `Vec<String>`.
pub(crate) fn string_list(v: &JsValue, path: &str) -> Result<Vec<String>, JsValue> {
    if !Array::is_array(v) {
        return Err(invalid(format!("{path} must be an array of strings, got {}", what(v))));
    }
    Array::from(v)
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.as_string().ok_or_else(|| invalid(format!("{path}[{i}] must be a string, got {}", what(&item))))
        })
        .collect()
}

/// An optional array-of-strings field.
pub(crate) fn opt_strings(value: &JsValue, key: &str, path: &str) -> Result<Option<Vec<String>>, JsValue> {
    field(value, key).map(|v| string_list(&v, &format!("{path}{key}"))).transpose()
}

/// An optional object of string values, as ordered pairs.
pub(crate) fn opt_pairs(value: &JsValue, key: &str, path: &str) -> Result<Option<Vec<(String, String)>>, JsValue> {
    let Some(v) = field(value, key) else { return Ok(None) };
    if !v.is_object() || Array::is_array(&v) {
        return Err(invalid(format!("{path}{key} must be an object of strings, got {}", what(&v))));
    }
    Object::entries(&Object::from(v))
        .iter()
        .map(|entry| {
            let pair = Array::from(&entry);
            let k = pair.get(0).as_string().unwrap_or_default();
            let val = pair.get(1);
            val.as_string()
                .map(|s| (k.clone(), s))
                .ok_or_else(|| invalid(format!("{path}{key}.{k} must be a string, got {}", what(&val))))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// The value must be an object.
pub(crate) fn object(value: &JsValue, path: &str) -> Result<(), JsValue> {
    if value.is_object() && !Array::is_array(value) {
        Ok(())
    } else {
        Err(invalid(format!("{path} must be an object, got {}", what(value))))
    }
}

/// A JS value as the core's `Json`, as `JSON.stringify` would see it (functions and symbols are
/// dropped to null, non-finite numbers too). Nesting past `MAX_DEPTH` (cycles included) is an
/// error, never a hang.
pub(crate) fn json(value: &JsValue) -> Result<mcp_naming::json::Json, JsValue> {
    json_at(value, 0)
}

fn json_at(v: &JsValue, depth: usize) -> Result<mcp_naming::json::Json, JsValue> {
    use mcp_naming::json::{Json, MAX_DEPTH};
    if depth > MAX_DEPTH {
        return Err(error(
            "",
            &Error::new(
                mcp_naming::Code::TooDeep,
                mcp_naming::Span::default(),
                format!("the value nests deeper than {MAX_DEPTH} levels (or refers to itself)"),
            ),
        ));
    }
    Ok(if let Some(s) = v.as_string() {
        Json::String(s)
    } else if let Some(b) = v.as_bool() {
        Json::Bool(b)
    } else if let Some(n) = v.as_f64() {
        if n.is_finite() {
            Json::Number(n)
        } else {
            Json::Null
        }
    } else if Array::is_array(v) {
        Json::Array(Array::from(v).iter().map(|item| json_at(&item, depth + 1)).collect::<Result<_, _>>()?)
    } else if v.is_object() && !v.is_function() {
        let entries = Object::entries(&Object::from(v.clone()));
        let mut members = Vec::with_capacity(entries.length() as usize);
        for entry in entries.iter() {
            let pair = Array::from(&entry);
            members.push((pair.get(0).as_string().unwrap_or_default(), json_at(&pair.get(1), depth + 1)?));
        }
        Json::Object(members)
    } else {
        Json::Null
    })
}
