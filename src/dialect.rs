//! How messages word a value's type for the host whose caller reads them: JSON's words (`null`,
//! `an object`, `an array`) for Rust and the npm package, Python's (`None`, `a dict`, `a list`)
//! for the Python package, whose extension module says so once, when it loads
//! ([`set_dialect`]). Every message that names a type, the one it wants and the one it got,
//! words it here ([`a`]), so that `params.name must be a str, got a list` never reads
//! `got null` to a Python caller.
//!
//! What a model reads back from the gateway (discovery's tool errors) stays in JSON's words
//! whatever the host: it is about the JSON a model sent ([`a_json`]).
//!
//! ```
//! use mcp_naming::dialect::{a, a_json, JsonType};
//! // Rust and the npm package (the default).
//! assert_eq!(a(JsonType::Object), "an object");
//! assert_eq!(a_json(JsonType::Null), "null");
//! ```

use crate::diagnostic::{Code, Diagnostic, Error};
use crate::suggest::closest;
use crate::text::quoted;
use std::sync::atomic::{AtomicU8, Ordering};

/// The words of a host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dialect {
    /// JSON's: `null`, `a boolean`, `a number`, `a string`, `an array`, `an object`.
    Json,
    /// Python's: `None`, `a bool`, `a number`, `a str`, `a list`, `a dict`.
    Python,
}

/// The type of a JSON value (or of a host's value that stands for one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonType {
    /// `null` / `None`.
    Null,
    /// `true`, `false`.
    Boolean,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array / a list.
    Array,
    /// An object / a dict (or a model of one).
    Object,
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Words every later message in `dialect`. A process holds one host: the Python extension
/// module calls it once when it loads; nothing else needs to.
pub fn set_dialect(dialect: Dialect) {
    CURRENT.store(dialect as u8, Ordering::Relaxed);
}

/// The dialect messages are worded in.
pub fn dialect() -> Dialect {
    match CURRENT.load(Ordering::Relaxed) {
        1 => Dialect::Python,
        _ => Dialect::Json,
    }
}

/// The type with its article, in the host's words: `an object` / `a dict`, `null` / `None`.
pub fn a(t: JsonType) -> &'static str {
    a_in(dialect(), t)
}

/// The type with its article in JSON's words, whatever the host.
pub fn a_json(t: JsonType) -> &'static str {
    a_in(Dialect::Json, t)
}

fn a_in(dialect: Dialect, t: JsonType) -> &'static str {
    match (dialect, t) {
        (Dialect::Json, JsonType::Null) => "null",
        (Dialect::Json, JsonType::Boolean) => "a boolean",
        (Dialect::Json, JsonType::String) => "a string",
        (Dialect::Json, JsonType::Array) => "an array",
        (Dialect::Json, JsonType::Object) => "an object",
        (Dialect::Python, JsonType::Null) => "None",
        (Dialect::Python, JsonType::Boolean) => "a bool",
        (Dialect::Python, JsonType::String) => "a str",
        (Dialect::Python, JsonType::Array) => "a list",
        (Dialect::Python, JsonType::Object) => "a dict",
        (_, JsonType::Number) => "a number",
    }
}

/// A container of strings in the host's words: `an array of strings`, `an object of strings`
/// (Python's `a list of str`, `a dict of str`).
pub fn of_strings(container: JsonType) -> String {
    match dialect() {
        Dialect::Json => format!("{} of strings", a(container)),
        Dialect::Python => format!("{} of str", a(container)),
    }
}

/// What a host's value is, as an error names it: a JSON type, or a type of the host's own that
/// stands for none (a Python `set`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Got<'a> {
    /// A JSON type.
    Json(JsonType),
    /// The host's name of its type.
    Host(&'a str),
}

impl Got<'_> {
    fn worded(self) -> String {
        match self {
            Got::Json(t) => a(t).to_string(),
            Got::Host(name) => {
                let vowel = name.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
                format!("{} {name}", if vowel { "an" } else { "a" })
            }
        }
    }
}

/// `invalid_argument`: the argument `what` must be `want` (a type), and is not.
///
/// ```
/// use mcp_naming::dialect::{wrong_type, Got, JsonType};
/// let e = wrong_type("name", JsonType::String, Got::Json(JsonType::Array));
/// assert_eq!((e.code.as_str(), e.message.as_str()), ("invalid_argument", "name must be a string, got an array"));
/// ```
pub fn wrong_type(what: &str, want: JsonType, got: Got<'_>) -> Error {
    not_a(what, a(want), got)
}

/// `invalid_argument`: the argument `what` must be `want` (worded with its article: `a
/// Router`), and is not.
///
/// ```
/// use mcp_naming::dialect::{not_a, Got};
/// assert_eq!(not_a("source", "a Router", Got::Host("int")).message, "source must be a Router, got an int");
/// ```
pub fn not_a(what: &str, want: &str, got: Got<'_>) -> Error {
    Error::invalid_argument(format!("{what} must be {want}, got {}", got.worded()))
}

/// `invalid_argument`: the argument `what` holds, at some depth, a value no JSON value stands for
/// (a Python `set`, a `datetime`).
///
/// ```
/// use mcp_naming::dialect::not_a_value;
/// assert_eq!(not_a_value("options[\"servers\"]", "set").message, "options[\"servers\"] must be a JSON value, got a set");
/// ```
pub fn not_a_value(what: &str, host_type: &str) -> Error {
    Error::invalid_argument(format!("{what} must be a JSON value, got {}", Got::Host(host_type).worded()))
}

/// The error for a keyword argument a method does not take (`known`: the ones it takes, in the
/// host's spelling), `code` the method's (`invalid_argument`, `invalid_config` for a
/// configuration): an `unknown_field` diagnostic at the keyword, the nearest known one as its
/// suggestion.
///
/// ```
/// use mcp_naming::dialect::unknown_keyword;
/// use mcp_naming::Code;
/// let e = unknown_keyword(Code::InvalidArgument, "page_sise", &["cursor", "page_size"]);
/// assert_eq!(e.message, "unexpected keyword argument \"page_sise\": did you mean \"page_size\"?");
/// assert_eq!(e.suggestions, ["page_size"]);
/// ```
pub fn unknown_keyword(code: Code, name: &str, known: &[&str]) -> Error {
    let near = closest(name, known.iter().copied(), 1).first().map(|s| s.to_string());
    let message = match &near {
        Some(n) => format!("unexpected keyword argument {}: did you mean {}?", quoted(name), quoted(n)),
        None if known.is_empty() => format!("unexpected keyword argument {}: it takes none", quoted(name)),
        None => format!("unexpected keyword argument {}: use {}", quoted(name), known.join(", ")),
    };
    let mut d = Diagnostic::at_path(Code::UnknownField, "", message);
    d.path = Some(name.to_string());
    d.suggestion = near.clone();
    let mut e =
        Error::from_diagnostics(vec![d]).unwrap_or_else(|| Error::invalid_argument("unexpected keyword argument"));
    e.code = code;
    e.suggestions = near.into_iter().collect();
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_in_each_dialect() {
        let all =
            [JsonType::Null, JsonType::Boolean, JsonType::Number, JsonType::String, JsonType::Array, JsonType::Object];
        let json: Vec<_> = all.iter().map(|t| a_in(Dialect::Json, *t)).collect();
        let python: Vec<_> = all.iter().map(|t| a_in(Dialect::Python, *t)).collect();
        assert_eq!(json, ["null", "a boolean", "a number", "a string", "an array", "an object"]);
        assert_eq!(python, ["None", "a bool", "a number", "a str", "a list", "a dict"]);
        assert_eq!(Got::Host("int").worded(), "an int");
        assert_eq!(Got::Host("set").worded(), "a set");
    }

    #[test]
    fn an_unknown_keyword_far_from_every_known_one_lists_them() {
        let e = unknown_keyword(Code::InvalidConfig, "zzzzzzzz", &["style", "servers"]);
        assert_eq!(e.code, Code::InvalidConfig);
        assert!(e.message.ends_with("use style, servers"), "{}", e.message);
        assert!(e.suggestions.is_empty());
    }
}
