//! A JSON value, for the structured inputs of the tool registry (profiles, descriptors, requests)
//! and OpenProject's name resolution. Small on purpose: the npm package converts JS values into
//! it directly, and Rust users deserialize it from any serde format.
//!
//! ```
//! use mcp_naming::Json;
//! let v: Json = serde_json::from_str(r#"{"a": [1, "x", null]}"#).unwrap();
//! assert_eq!(v.get("a").and_then(Json::as_array).map(<[Json]>::len), Some(3));
//! ```

use crate::dialect::JsonType;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use std::fmt;

/// The deepest nesting accepted from untrusted input.
pub const MAX_DEPTH: usize = 64;

/// A JSON value; objects keep their keys in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number: finite in JSON text; a host's own values (JavaScript's `NaN`, Python's `inf`)
    /// may bring the others, which every reader of the crate refuses.
    Number(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys in order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// The deepest nesting any reader of the crate accepts (deeper values are `too_deep`).
    pub const MAX_DEPTH: usize = MAX_DEPTH;

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if it is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The array, if it is one.
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The members, if it is an object.
    pub fn as_object(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The boolean, if it is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number, if it is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// The JSON type's name: `null`, `boolean`, `number`, `string`, `array`, `object`
    /// (`integer` for a whole number).
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "boolean",
            Json::Number(n) if n.fract() == 0.0 => "integer",
            Json::Number(_) => "number",
            Json::String(_) => "string",
            Json::Array(_) => "array",
            Json::Object(_) => "object",
        }
    }

    /// The type with its article, for messages, in the host's words ([`crate::dialect`]): `a
    /// string`, `a number`, `an array`, `an object`, `a boolean`, `null` (Python's `a str`, `a
    /// list`, `a dict`, `None`).
    pub fn described(&self) -> &'static str {
        crate::dialect::a(self.json_type())
    }

    /// The value's type.
    pub fn json_type(&self) -> JsonType {
        match self {
            Json::Null => JsonType::Null,
            Json::Bool(_) => JsonType::Boolean,
            Json::Number(_) => JsonType::Number,
            Json::String(_) => JsonType::String,
            Json::Array(_) => JsonType::Array,
            Json::Object(_) => JsonType::Object,
        }
    }

    /// How deeply arrays and objects nest (a scalar is 0).
    pub fn depth(&self) -> usize {
        match self {
            Json::Array(a) => 1 + a.iter().map(Json::depth).max().unwrap_or(0),
            Json::Object(o) => 1 + o.iter().map(|(_, v)| v.depth()).max().unwrap_or(0),
            _ => 0,
        }
    }
}

impl Json {
    /// The JSON text of the value, compact (`{"a":[1,"x"]}`), keys in order: what a host shows
    /// a model of an object (discovery's `get_tool_details`).
    ///
    /// ```
    /// use mcp_naming::Json;
    /// let v: Json = serde_json::from_str(r#"{"a": [1, "x\n", null], "b": 1.5}"#).unwrap();
    /// assert_eq!(v.to_text(), r#"{"a":[1,"x\n",null],"b":1.5}"#);
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        write_json(self, &mut out);
        out
    }
}

fn write_json(value: &Json, out: &mut String) {
    match value {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => write_number(*n, out),
        Json::String(s) => write_string(s, out),
        Json::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(v, out);
            }
            out.push(']');
        }
        Json::Object(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                write_json(v, out);
            }
            out.push('}');
        }
    }
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A number as JSON writes it: whole numbers as integers, others with up to 15 significant
/// digits, written here (the standard float formatting would add about 20 KB to the .wasm).
fn write_number(n: f64, out: &mut String) {
    if !n.is_finite() {
        out.push_str("null");
        return;
    }
    if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
        out.push_str(&(n as i64).to_string());
        return;
    }
    if n < 0.0 {
        out.push('-');
    }
    let a = n.abs();
    // a = m × 10^e with 15 significant digits in m.
    let mut e = a.log10().floor() as i32;
    let mut m = (a / 10f64.powi(e - 14)).round() as u64;
    if m >= 1_000_000_000_000_000 {
        m /= 10;
        e += 1;
    }
    let mut digits = m.to_string();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
    }
    if (-6..15).contains(&e) {
        if e < 0 {
            out.push_str("0.");
            out.push_str(&"0".repeat((-e - 1) as usize));
            out.push_str(&digits);
        } else {
            let int = (e + 1) as usize;
            if digits.len() <= int {
                out.push_str(&digits);
                out.push_str(&"0".repeat(int - digits.len()));
            } else {
                out.push_str(&digits[..int]);
                out.push('.');
                out.push_str(&digits[int..]);
            }
        }
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push_str(&e.to_string());
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Json;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_none<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
                Ok(Json::Bool(b))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
                Ok(Json::Number(n as f64))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
                Ok(Json::Number(n as f64))
            }
            fn visit_f64<E>(self, n: f64) -> Result<Json, E> {
                Ok(Json::Number(n))
            }
            fn visit_str<E>(self, s: &str) -> Result<Json, E> {
                Ok(Json::String(s.to_string()))
            }
            fn visit_string<E>(self, s: String) -> Result<Json, E> {
                Ok(Json::String(s))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
                let mut out = Vec::new();
                while let Some(v) = seq.next_element()? {
                    out.push(v);
                }
                Ok(Json::Array(out))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Json>()? {
                    out.push((k, v));
                }
                Ok(Json::Object(out))
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            // Whole numbers as integers, as JSON writes them (`1`, not `1.0`).
            Json::Number(n) if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 => s.serialize_i64(*n as i64),
            Json::Number(n) => s.serialize_f64(*n),
            Json::String(t) => s.serialize_str(t),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Object(members) => {
                let mut map = s.serialize_map(Some(members.len()))?;
                for (k, v) in members {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_json_writes_them() {
        let cases = [
            (0.5, "0.5"),
            (-0.25, "-0.25"),
            (1.5, "1.5"),
            (3.0, "3"),
            (0.1, "0.1"),
            (123.456, "123.456"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (1e300, "1e300"),
            (2.5e16, "2.5e16"),
            (f64::NAN, "null"),
        ];
        for (n, want) in cases {
            let mut out = String::new();
            write_number(n, &mut out);
            assert_eq!(out, want, "{n}");
        }
        let v = Json::Object(vec![("a\"\n".into(), Json::Array(vec![Json::Null, Json::Bool(true)]))]);
        assert_eq!(v.to_text(), r#"{"a\"\n":[null,true]}"#);
    }
}
