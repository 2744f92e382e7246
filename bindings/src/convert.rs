//! The two conversions at the boundary: every structured input crosses as the core's `Json`
//! ([`json`]) and is read by the core's own readers; every output crosses as its `Serialize`
//! form ([`to_js`]), with spans made UTF-16 offsets, as JavaScript indexes strings.

use js_sys::{Array, Object};
use mcp_naming::{Diagnostic, Error, Json};
use serde::Serialize;
use wasm_bindgen::JsValue;

/// UTF-16 offset of byte `byte` of `text` (what JavaScript indexes strings by).
pub(crate) fn utf16_at(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    if text.is_ascii() {
        return byte as u32;
    }
    text.get(..byte).map_or(0, |t| t.encode_utf16().count() as u32)
}

/// Any output of the core as a JS value: its `Serialize` form (the one definition of its shape),
/// maps as plain objects, `None` as `null`.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // Serializing into a JS value cannot fail for the core's types (no map with non-string
    // keys, no number past 2^53).
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

/// Spans as JavaScript counts them: UTF-16 offsets into `text` (the core's are UTF-8 bytes).
pub(crate) fn utf16_spans(text: &str, list: &mut [Diagnostic]) {
    for d in list {
        d.span.start = utf16_at(text, d.span.start) as usize;
        d.span.end = utf16_at(text, d.span.end) as usize;
    }
}

/// An error about `text` as the plain object the JavaScript glue turns into a `NamingError`.
pub(crate) fn error(text: &str, e: &Error) -> JsValue {
    let mut e = e.clone();
    utf16_spans(text, &mut e.diagnostics);
    to_js(&e)
}

/// An `invalid_argument` error object.
pub(crate) fn invalid(message: String) -> JsValue {
    error("", &Error::invalid_argument(message))
}

/// A JS value as the core's `Json`, as `JSON.stringify` would see it (functions and symbols are
/// dropped to null), but that a number that is not finite stays the number it is: a `NaN` or an
/// `Infinity` where the core expects a number is refused there, never read as absent. Nesting
/// past `Json::MAX_DEPTH` (cycles included) is an error, never a hang.
pub(crate) fn json(value: &JsValue) -> Result<Json, JsValue> {
    read_json(value).map_err(|e| error("", &e))
}

/// [`json`], its error the core's.
pub(crate) fn read_json(value: &JsValue) -> Result<Json, Error> {
    json_at(value, 0)
}

fn json_at(v: &JsValue, depth: usize) -> Result<Json, Error> {
    if depth > Json::MAX_DEPTH {
        return Err(Error::new(
            mcp_naming::Code::TooDeep,
            mcp_naming::Span::default(),
            format!("the value nests deeper than {} levels (or refers to itself)", Json::MAX_DEPTH),
        ));
    }
    Ok(if let Some(s) = v.as_string() {
        Json::String(s)
    } else if let Some(b) = v.as_bool() {
        Json::Bool(b)
    } else if let Some(n) = v.as_f64() {
        // NaN and ±Infinity cross as they are: the core's readers refuse them with the path
        // (`JSON.stringify` would make them null, which reads as "absent").
        Json::Number(n)
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
