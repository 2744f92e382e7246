//! A probe's finds as the glue hands them over (`Found[]`, the contract's JSON form), read here
//! property by property: serde's derived readers would cost the .wasm about 50 KB (their error
//! messages print floats), and the generic conversion (`convert::json`) lists every object's
//! entries, which made a result's crossing several times slower than the result's walk.

use super::convert::invalid;
use js_sys::{Array, Reflect};
use mcp_naming::router::decide::{Header, ParamRead};
use mcp_naming::router::probe::{Found, Scalar, Step};
use wasm_bindgen::JsValue;

thread_local! {
    /// The members read, made JS strings once.
    static KEYS: [JsValue; 5] = ["pattern", "path", "value", "type", "value"].map(JsValue::from_str);
}

/// Member `k` (an index into [`KEYS`]) of `o`.
fn get(o: &JsValue, k: usize) -> Option<JsValue> {
    KEYS.with(|keys| Reflect::get(o, &keys[k]).ok())
}

/// A whole number from 0 to `u32::MAX`.
fn whole(v: &JsValue) -> Option<u32> {
    v.as_f64().filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n)).map(|n| n as u32)
}

fn found(f: &JsValue) -> Option<Found> {
    let pattern = u8::try_from(whole(&get(f, 0)?)?).ok()?;
    let path = get(f, 1)?;
    if !Array::is_array(&path) {
        return None;
    }
    let path = Array::from(&path)
        .iter()
        .map(|s| match s.as_string() {
            Some(k) => Some(Step::key(k)),
            None => Some(Step::Index(whole(&s)?)),
        })
        .collect::<Option<Vec<Step>>>()?;
    let v = get(f, 2)?;
    let value = match get(&v, 3)?.as_string()?.as_str() {
        "string" => Scalar::String(get(&v, 4)?.as_string()?),
        "number" => Scalar::Number(get(&v, 4)?.as_f64()?),
        "boolean" => Scalar::Boolean(get(&v, 4)?.as_bool()?),
        "null" => Scalar::Null,
        "array" => Scalar::Array,
        "object" => Scalar::Object,
        _ => return None,
    };
    Some(Found { pattern, path, value })
}

fn list(value: &JsValue) -> Option<Vec<Found>> {
    Array::is_array(value).then(|| Array::from(value).iter().map(|f| found(&f)).collect())?
}

/// What a probe found (`Found[]`).
pub(crate) fn finds(value: &JsValue) -> Result<Vec<Found>, JsValue> {
    list(value).ok_or_else(|| invalid("found must be an array of Found".to_string()))
}

/// Per item that holds anything, what a probe found in it: `finds[k]` (`Found[]`) of item `at[k]`.
pub(crate) fn item_finds(at: &[u32], finds: &JsValue) -> Result<Vec<(u32, Vec<Found>)>, JsValue> {
    if at.is_empty() {
        return Ok(Vec::new());
    }
    let bad = || invalid("finds must be an array of Found[], one per index".to_string());
    let lists = Array::is_array(finds).then(|| Array::from(finds)).filter(|l| l.length() as usize == at.len());
    let lists = lists.ok_or_else(bad)?;
    at.iter().zip(lists.iter()).map(|(&i, l)| Ok((i, list(&l).ok_or_else(bad)?))).collect()
}

/// A string member `k` of `o`.
fn string(o: &JsValue, k: &str) -> Option<String> {
    Reflect::get(o, &JsValue::from_str(k)).ok()?.as_string()
}

/// The reads of a forward decision (`ParamRead[]`, as the decision gave them).
pub(crate) fn reads(value: &JsValue) -> Result<Vec<ParamRead>, JsValue> {
    let read = |r: &JsValue| -> Option<ParamRead> {
        let header = string(r, "header")?;
        let path = Reflect::get(r, &JsValue::from_str("path")).ok()?;
        if !Array::is_array(&path) {
            return None;
        }
        let path = Array::from(&path)
            .iter()
            .map(|s| match s.as_string() {
                Some(k) => Some(Step::key(k)),
                None => Some(Step::Index(whole(&s)?)),
            })
            .collect::<Option<Vec<Step>>>()?;
        let checked = Reflect::get(r, &JsValue::from_str("checked")).ok()?.as_bool()?;
        Some(ParamRead::new(header, path, checked))
    };
    let all = Array::is_array(value).then(|| Array::from(value).iter().map(|r| read(&r)).collect::<Option<Vec<_>>>());
    all.flatten().ok_or_else(|| invalid("reads must be the ParamRead[] of a forward decision".to_string()))
}

/// Headers as a transport received them (`Header[]`: `{ name, value }`); `undefined` is none.
pub(crate) fn headers(value: &JsValue) -> Result<Vec<Header>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    let header = |h: &JsValue| Some(Header::new(string(h, "name")?, string(h, "value")?));
    let all = Array::is_array(value).then(|| Array::from(value).iter().map(|h| header(&h)).collect::<Option<Vec<_>>>());
    all.flatten().ok_or_else(|| invalid("headers must be an array of { name, value } strings".to_string()))
}
