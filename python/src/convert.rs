//! The conversions at the boundary, as in the wasm bindings (`bindings/src/convert.rs`): every
//! structured input crosses as the core's `Json` ([`json`]) and is read by the core's own
//! readers, what a host's probe found as the core's `Found` ([`finds`]); every output crosses as
//! its `Serialize` form ([`to_py`]: struct fields in snake_case, spans made code-point offsets,
//! as Python indexes strings; [`to_py_json`]: the contract's types with their JSON keys, as
//! `mcp_naming/_contract.pyi` declares them). A value of the wrong type is the core's
//! `invalid_argument`, worded in Python's words (`mcp_naming::dialect`).

use mcp_naming::dialect::{not_a_value, wrong_type, Got, JsonType};
use mcp_naming::router::probe::{Found, Scalar, Step as PathStep};
use mcp_naming::{Code, Diagnostic, Error, Json, Span};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyMapping, PyString, PyTuple};
use serde::ser::{self, Serialize};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

// ----- strings -----

/// A Python string as UTF-8: borrowed when it is valid UTF-8, else with each lone surrogate
/// replaced by U+FFFD (one code point for one, so that code-point spans still fit the caller's
/// string). A string never fails to convert.
pub(crate) fn text<'a>(s: &'a Bound<'_, PyString>) -> Cow<'a, str> {
    match s.to_str() {
        Ok(t) => Cow::Borrowed(t),
        Err(_) => Cow::Owned(lossy(s)),
    }
}

/// A string holding lone surrogates: encoded with `surrogatepass` (each surrogate is then the
/// three bytes `ED A0..BF xx`, the only ill-formed UTF-8 that encoding writes), each replaced by
/// one U+FFFD. (`String::from_utf8_lossy` would write three for each: one per byte.)
fn lossy(s: &Bound<'_, PyString>) -> String {
    let encoded = s.call_method1("encode", ("utf-8", "surrogatepass"));
    let Ok(bytes) = encoded.as_ref().map(|b| b.cast::<pyo3::types::PyBytes>()) else {
        return s.to_string_lossy().into_owned();
    };
    let Ok(bytes) = bytes else {
        return s.to_string_lossy().into_owned();
    };
    let mut rest = bytes.as_bytes();
    let mut out = String::with_capacity(rest.len());
    loop {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                out.push_str(valid);
                return out;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                // `valid_up_to` is a char boundary: this cannot fail.
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                out.push('\u{FFFD}');
                let skip = if after.first() == Some(&0xED) { 3 } else { e.error_len().unwrap_or(after.len()) };
                rest = after.get(skip..).unwrap_or_default();
            }
        }
    }
}

/// The type of a value as Python names it, for `TypeError`s: `int`, `NoneType`, `list`.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".to_string())
}

/// What a Python value is, as the core words it: the JSON type it stands for, or its own type.
pub(crate) fn got<'a>(value: &Bound<'_, PyAny>, name: &'a mut String) -> Got<'a> {
    let t = if value.is_none() {
        JsonType::Null
    } else if value.is_instance_of::<PyString>() {
        JsonType::String
    } else if value.is_instance_of::<PyBool>() {
        JsonType::Boolean
    } else if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>() {
        JsonType::Number
    } else if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        JsonType::Array
    } else if value.is_instance_of::<PyDict>() {
        JsonType::Object
    } else {
        *name = type_name(value);
        return Got::Host(name);
    };
    Got::Json(t)
}

/// The core's `invalid_argument` for an argument `what` that should be a `want`.
pub(crate) fn type_error(what: &str, want: JsonType, value: &Bound<'_, PyAny>) -> PyErr {
    let mut name = String::new();
    error(value.py(), "", &wrong_type(what, want, got(value, &mut name)))
}

/// The argument `what` as a string, or the core's `invalid_argument`.
pub(crate) fn arg<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    match value.cast::<PyString>() {
        Ok(s) => Ok(text(s)),
        Err(_) => Err(type_error(what, JsonType::String, value)),
    }
}

/// A list (or tuple) of strings, or the core's `invalid_argument` naming the item.
pub(crate) fn strings(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(list) = value.cast::<PyList>() {
        list.iter().collect()
    } else if let Ok(tuple) = value.cast::<PyTuple>() {
        tuple.iter().collect()
    } else {
        return Err(type_error(what, JsonType::Array, value));
    };
    items.iter().enumerate().map(|(i, item)| arg(item, &format!("{what}[{i}]")).map(Cow::into_owned)).collect()
}

/// Code-point offset of byte `byte` of `text` (what Python indexes strings by).
pub(crate) fn code_point_at(text: &str, byte: usize) -> usize {
    let byte = byte.min(text.len());
    if text.is_ascii() {
        return byte;
    }
    text.get(..byte).map_or_else(|| text[..floor(text, byte)].chars().count(), |t| t.chars().count())
}

fn floor(text: &str, mut byte: usize) -> usize {
    while byte > 0 && !text.is_char_boundary(byte) {
        byte -= 1;
    }
    byte
}

/// Spans as Python counts them: code-point offsets into `text` (the core's are UTF-8 bytes),
/// clamped to it as the npm package's are (an error about another text, such as a collision
/// found while exposing a list, spans nothing of the call's: `0..0`).
pub(crate) fn code_point_spans(text: &str, list: &mut [Diagnostic]) {
    for d in list {
        d.span.start = code_point_at(text, d.span.start);
        d.span.end = code_point_at(text, d.span.end);
    }
}

// ----- errors -----

static NAMING_ERROR: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// An error of the core about `text` as a `mcp_naming.NamingError` (spans in code points).
pub(crate) fn error(py: Python<'_>, text: &str, e: &Error) -> PyErr {
    match raise(py, text, e) {
        Ok(err) | Err(err) => err,
    }
}

fn raise(py: Python<'_>, text: &str, e: &Error) -> PyResult<PyErr> {
    let class = NAMING_ERROR.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("mcp_naming._errors")?.getattr("NamingError")?.unbind())
    })?;
    let mut diagnostics = e.diagnostics.clone();
    code_point_spans(text, &mut diagnostics);
    let kwargs = PyDict::new(py);
    kwargs.set_item("suggestions", PyList::new(py, &e.suggestions)?)?;
    kwargs.set_item("diagnostics", to_py(py, &diagnostics)?)?;
    if let Some(server) = &e.server {
        kwargs.set_item("server", server)?;
    }
    let instance = class.bind(py).call((e.code.as_str(), e.message.as_str()), Some(&kwargs))?;
    Ok(PyErr::from_value(instance))
}

/// A closure for `map_err`: the core's error about `text`.
pub(crate) fn err_about<'a>(py: Python<'a>, text: &'a str) -> impl Fn(Error) -> PyErr + 'a {
    move |e| error(py, text, &e)
}

/// An `invalid_argument` error (a `NamingError`).
pub(crate) fn invalid(py: Python<'_>, message: String) -> PyErr {
    error(py, "", &Error::invalid_argument(message))
}

// ----- Python values in: the core's Json -----

/// A Python value as the core's `Json`: `None`, `bool`, `int`, `float` (non-finite ones as
/// `null`, as `JSON.stringify` writes them), `str`, lists and tuples, dicts and other mappings
/// with string keys. Any other value is the core's `invalid_argument` naming where it is
/// (`options.servers[0]`); nesting past `Json::MAX_DEPTH` (cycles included) is the core's
/// `too_deep`, never a hang.
pub(crate) fn json(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Json> {
    json_at(value, 0, &mut Path { root: what, steps: Vec::new() })
}

/// Where a value sits, for the `TypeError` of one that is not JSON.
struct Path<'a> {
    root: &'a str,
    steps: Vec<Step>,
}

enum Step {
    Key(String),
    Index(usize),
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.root)?;
        for s in &self.steps {
            match s {
                Step::Key(k) => write!(f, "[{k:?}]")?,
                Step::Index(i) => write!(f, "[{i}]")?,
            }
        }
        Ok(())
    }
}

fn json_at(v: &Bound<'_, PyAny>, depth: usize, path: &mut Path<'_>) -> PyResult<Json> {
    let py = v.py();
    if depth > Json::MAX_DEPTH {
        let e = Error::new(
            Code::TooDeep,
            Span::default(),
            format!("the value nests deeper than {} levels (or refers to itself)", Json::MAX_DEPTH),
        );
        return Err(error(py, "", &e));
    }
    if v.is_none() {
        return Ok(Json::Null);
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Json::String(text(s).into_owned()));
    }
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(Json::Bool(b.is_true()));
    }
    if v.is_instance_of::<PyInt>() {
        let n = match v.extract::<i64>() {
            Ok(n) => n as f64,
            Err(_) => v.extract::<f64>()?,
        };
        return Ok(Json::Number(n));
    }
    if let Ok(f) = v.cast::<PyFloat>() {
        let n = f.value();
        // nan and ±inf cross as they are: the core's readers refuse them with the path.
        return Ok(Json::Number(n));
    }
    let item = |path: &mut Path<'_>, step: Step, value: &Bound<'_, PyAny>| {
        path.steps.push(step);
        let out = json_at(value, depth + 1, path);
        path.steps.pop();
        out
    };
    if let Ok(list) = v.cast::<PyList>() {
        let mut out = Vec::with_capacity(list.len());
        for (i, x) in list.iter().enumerate() {
            out.push(item(path, Step::Index(i), &x)?);
        }
        return Ok(Json::Array(out));
    }
    if let Ok(tuple) = v.cast::<PyTuple>() {
        let mut out = Vec::with_capacity(tuple.len());
        for (i, x) in tuple.iter().enumerate() {
            out.push(item(path, Step::Index(i), &x)?);
        }
        return Ok(Json::Array(out));
    }
    let dict_items = if let Ok(dict) = v.cast::<PyDict>() {
        Some(dict.items())
    } else if let Ok(mapping) = v.cast::<PyMapping>() {
        Some(mapping.items()?)
    } else {
        None
    };
    if let Some(items) = dict_items {
        let mut members = Vec::with_capacity(items.len());
        for pair in items.iter() {
            let (k, x): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract()?;
            let Ok(key) = k.cast::<PyString>() else {
                let repr = k.repr().map(|r| r.to_string()).unwrap_or_default();
                return Err(type_error(&format!("{path} key {repr}"), JsonType::String, &k));
            };
            let key = text(key).into_owned();
            let value = item(path, Step::Key(key.clone()), &x)?;
            members.push((key, value));
        }
        return Ok(Json::Object(members));
    }
    Err(error(py, "", &not_a_value(&path.to_string(), &type_name(v))))
}

// ----- what a host's probe found -----

/// What the package's probe walker found (`mcp_naming/_probe.py`), as the contract's `Found`
/// values: `[{ pattern, path, value: { type, value? } }]`.
pub(crate) fn finds(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Found>> {
    let list = value.cast::<PyList>().map_err(|_| type_error(what, JsonType::Array, value))?;
    let mut out = Vec::with_capacity(list.len());
    for (i, f) in list.iter().enumerate() {
        out.push(found(&f, &format!("{what}[{i}]"))?);
    }
    Ok(out)
}

fn member<'py>(dict: &Bound<'py, PyDict>, key: &str, what: &str) -> PyResult<Bound<'py, PyAny>> {
    dict.get_item(key)?
        .ok_or_else(|| error(dict.py(), "", &Error::invalid_argument(format!("{what}.{key} is missing"))))
}

fn found(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Found> {
    let dict = value.cast::<PyDict>().map_err(|_| type_error(what, JsonType::Object, value))?;
    let pattern = member(dict, "pattern", what)?;
    let pattern: u8 =
        pattern.extract().map_err(|_| type_error(&format!("{what}.pattern"), JsonType::Number, &pattern))?;
    let steps = member(dict, "path", what)?;
    let steps = steps.cast::<PyList>().map_err(|_| type_error(&format!("{what}.path"), JsonType::Array, &steps))?;
    let mut path = Vec::with_capacity(steps.len());
    for s in steps.iter() {
        path.push(match s.cast::<PyString>() {
            Ok(k) => PathStep::key(text(k).into_owned()),
            Err(_) => {
                PathStep::Index(s.extract().map_err(|_| type_error(&format!("{what}.path"), JsonType::String, &s))?)
            }
        });
    }
    let value = scalar(&member(dict, "value", what)?, &format!("{what}.value"))?;
    Ok(Found { pattern, path, value })
}

/// A `Scalar` as the contract spells it: `{ type, value? }`.
pub(crate) fn scalar(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Scalar> {
    let dict = value.cast::<PyDict>().map_err(|_| type_error(what, JsonType::Object, value))?;
    let kind = member(dict, "type", what)?;
    Ok(match &*arg(&kind, &format!("{what}.type"))? {
        "string" => Scalar::String(arg(&member(dict, "value", what)?, &format!("{what}.value"))?.into_owned()),
        "number" => {
            let n = member(dict, "value", what)?;
            Scalar::Number(n.extract().map_err(|_| type_error(&format!("{what}.value"), JsonType::Number, &n))?)
        }
        "boolean" => Scalar::Boolean(member(dict, "value", what)?.is_truthy()?),
        "null" => Scalar::Null,
        "array" => Scalar::Array,
        _ => Scalar::Object,
    })
}

// ----- outputs: the core's Serialize form as Python values -----

/// Any output of the core as a Python value: its `Serialize` form (the one definition of its
/// shape), structs as dicts whose keys are the fields in snake_case (`upstreamPrefix` →
/// `upstream_prefix`), maps (user data: a URI's query, parts) as dicts with their keys as they
/// are, `None` as `None`, whole numbers as `int`.
pub(crate) fn to_py<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(Ser { py, snake: true }).map_err(|e| e.0)
}

/// One of the contract's types (the decisions, the host facts and tables) as a Python value with
/// its JSON keys, as `mcp_naming/_contract.pyi` declares them (`qualifiedPrefix`, `nextCursor`).
pub(crate) fn to_py_json<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(Ser { py, snake: false }).map_err(|e| e.0)
}

/// A serializer error: the Python error behind it.
pub(crate) struct SerError(PyErr);

impl fmt::Debug for SerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for SerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for SerError {}

impl ser::Error for SerError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        SerError(pyo3::exceptions::PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for SerError {
    fn from(e: PyErr) -> Self {
        SerError(e)
    }
}

/// `camelCase` → `snake_case` (ASCII field names; others as they are).
pub(crate) fn snake(name: &str) -> Cow<'_, str> {
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

thread_local! {
    /// Struct field names as interned Python strings, in snake_case or as they are, by the
    /// address of the `&'static str` serde hands over (a few dozen in all).
    static FIELDS: RefCell<HashMap<(usize, usize, bool), Py<PyString>>> = RefCell::new(HashMap::new());
}

fn field<'py>(py: Python<'py>, name: &'static str, snake_case: bool) -> Bound<'py, PyString> {
    let key = (name.as_ptr() as usize, name.len(), snake_case);
    FIELDS.with(|f| {
        let mut f = f.borrow_mut();
        f.entry(key)
            .or_insert_with(|| {
                PyString::intern(py, if snake_case { snake(name) } else { Cow::Borrowed(name) }.as_ref()).unbind()
            })
            .bind(py)
            .clone()
    })
}

#[derive(Clone, Copy)]
struct Ser<'py> {
    py: Python<'py>,
    /// Struct fields in snake_case (else as serde names them).
    snake: bool,
}

type Out<'py> = Result<Bound<'py, PyAny>, SerError>;

/// A sequence being built.
struct Seq<'py> {
    py: Python<'py>,
    snake: bool,
    items: Vec<Bound<'py, PyAny>>,
}

impl<'py> Seq<'py> {
    fn end(self) -> Out<'py> {
        Ok(PyList::new(self.py, self.items)?.into_any())
    }
}

/// A dict being built (a map, or a struct with snake_case keys).
struct Map<'py> {
    py: Python<'py>,
    snake: bool,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
}

impl<'py> ser::Serializer for Ser<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    type SerializeSeq = Seq<'py>;
    type SerializeTuple = Seq<'py>;
    type SerializeTupleStruct = Seq<'py>;
    type SerializeTupleVariant = Seq<'py>;
    type SerializeMap = Map<'py>;
    type SerializeStruct = Map<'py>;
    type SerializeStructVariant = Map<'py>;

    fn serialize_bool(self, v: bool) -> Out<'py> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Out<'py> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Out<'py> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Out<'py> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Out<'py> {
        let Ok(n) = v.into_pyobject(self.py);
        Ok(n.into_any())
    }
    fn serialize_u8(self, v: u8) -> Out<'py> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Out<'py> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Out<'py> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Out<'py> {
        let Ok(n) = v.into_pyobject(self.py);
        Ok(n.into_any())
    }
    fn serialize_f32(self, v: f32) -> Out<'py> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Out<'py> {
        // As JSON (and JavaScript) write numbers: a whole number is an int.
        if v.fract() == 0.0 && v.abs() < 9_007_199_254_740_992.0 {
            return self.serialize_i64(v as i64);
        }
        Ok(PyFloat::new(self.py, v).into_any())
    }
    fn serialize_char(self, v: char) -> Out<'py> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Out<'py> {
        Ok(PyString::new(self.py, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Out<'py> {
        Ok(PyList::new(self.py, v)?.into_any())
    }
    fn serialize_none(self) -> Out<'py> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Out<'py> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Out<'py> {
        let dict = PyDict::new(self.py);
        dict.set_item(variant, value.serialize(self)?)?;
        Ok(dict.into_any())
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'py>, SerError> {
        Ok(Seq { py: self.py, snake: self.snake, items: Vec::with_capacity(len.unwrap_or(0)) })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'py>, SerError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'py>, SerError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        len: usize,
    ) -> Result<Seq<'py>, SerError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Map<'py>, SerError> {
        Ok(Map { py: self.py, snake: self.snake, dict: PyDict::new(self.py), key: None })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Map<'py>, SerError> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Map<'py>, SerError> {
        self.serialize_map(None)
    }
}

impl<'py> ser::SerializeSeq for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), SerError> {
        self.items.push(value.serialize(Ser { py: self.py, snake: self.snake })?);
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Seq::end(self)
    }
}

impl<'py> ser::SerializeTuple for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), SerError> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Out<'py> {
        Seq::end(self)
    }
}

impl<'py> ser::SerializeTupleStruct for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), SerError> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Out<'py> {
        Seq::end(self)
    }
}

impl<'py> ser::SerializeTupleVariant for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), SerError> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Out<'py> {
        Seq::end(self)
    }
}

impl<'py> ser::SerializeMap for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), SerError> {
        self.key = Some(key.serialize(Ser { py: self.py, snake: self.snake })?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), SerError> {
        let key = self.key.take().unwrap_or_else(|| self.py.None().into_bound(self.py));
        self.dict.set_item(key, value.serialize(Ser { py: self.py, snake: self.snake })?)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeStruct for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), SerError> {
        self.dict
            .set_item(field(self.py, key, self.snake), value.serialize(Ser { py: self.py, snake: self.snake })?)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeStructVariant for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), SerError> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_and_code_points() {
        assert_eq!(snake("upstreamPrefix"), "upstream_prefix");
        assert_eq!(snake("qualified"), "qualified");
        assert_eq!(snake("ttlMs"), "ttl_ms");
        assert_eq!(code_point_at("aé😀b", 0), 0);
        assert_eq!(code_point_at("aé😀b", 3), 2);
        assert_eq!(code_point_at("aé😀b", 7), 3);
        assert_eq!(code_point_at("aé😀b", 99), 4);
        // Inside a character: the character it starts.
        assert_eq!(code_point_at("aé😀b", 2), 1);
    }
}
