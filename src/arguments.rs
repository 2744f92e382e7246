//! The one table of argument checks: what every number an option or a router configuration
//! holds may be ([`NUMBERS`]), how long a server name may be ([`MAX_SERVER_NAME`]) and which
//! characters no name may hold (control characters). The readers (`read.rs`) and the router's
//! compiler apply them, for the Rust API and for the npm and Python packages alike (whose
//! bindings hand every value over as it is, `NaN` and `Infinity` included), so that a bad value
//! gets one code and one message whatever the host.
//!
//! ```
//! use mcp_naming::arguments::{Number, NUMBERS};
//! let limit = NUMBERS.iter().find(|a| a.path == "options.limit").unwrap();
//! assert_eq!(limit.number.check(f64::NAN).unwrap_err(), "must be a whole number from 1 to 1000, got NaN");
//! assert_eq!(Number::Whole { min: 1, max: 50 }.check(2.5).unwrap_err(), "must be a whole number from 1 to 50, got a number with a fraction");
//! assert_eq!(Number::Finite.check(f64::NEG_INFINITY).unwrap_err(), "must be a finite number, got -Infinity");
//! ```

use crate::chars::describe;
use crate::json::Json;

/// What a number may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Number {
    /// A whole number from `min` to `max`, both included (`max` [`u32::MAX`]: no upper bound
    /// worth naming).
    Whole {
        /// The least allowed.
        min: u32,
        /// The most allowed.
        max: u32,
    },
    /// Any finite number (what it means is the function's to decide: OpenProject's page
    /// envelope clamps and rounds).
    Finite,
}

impl Number {
    /// What such numbers are called in a message: `a whole number from 1 to 50`.
    pub fn wants(self) -> String {
        match self {
            Number::Whole { min, max: u32::MAX } => format!("a whole number of at least {min}"),
            Number::Whole { min, max } => format!("a whole number from {min} to {max}"),
            Number::Finite => "a finite number".to_string(),
        }
    }

    /// Whether `n` is such a number.
    pub fn accepts(self, n: f64) -> bool {
        match self {
            Number::Whole { min, max } => n.fract() == 0.0 && (f64::from(min)..=f64::from(max)).contains(&n),
            Number::Finite => n.is_finite(),
        }
    }

    /// `n` when it is such a number; else the message that says so (`must be a whole number
    /// from 1 to 50, got NaN`), the one sentence every host shows for it.
    ///
    /// # Errors
    /// The message, for a number this does not accept.
    pub fn check(self, n: f64) -> Result<f64, String> {
        if self.accepts(n) {
            Ok(n)
        } else {
            Err(self.refusal(&number_text(n)))
        }
    }

    /// [`Number::check`] of any value: one that is no number is refused as its type (`got a
    /// string`).
    pub(crate) fn read(self, value: &Json) -> Result<f64, String> {
        match value {
            Json::Number(n) => self.check(*n),
            other => Err(self.refusal(other.described())),
        }
    }

    fn refusal(self, got: &str) -> String {
        format!("must be {}, got {got}", self.wants())
    }
}

/// How a message shows a number it refuses: whole numbers as integers, the non-finite ones by
/// name (`NaN`, `Infinity`, `-Infinity`, as JavaScript writes them), others described (no float
/// printing: it would cost the .wasm about 20 KB).
pub(crate) fn number_text(n: f64) -> String {
    if n.is_nan() {
        "NaN".to_string()
    } else if n.is_infinite() {
        if n > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        "a number with a fraction".to_string()
    }
}

/// A numeric argument: where it is (the path its errors carry) and what it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Argument {
    /// The method or value that takes it.
    pub method: &'static str,
    /// The path its errors name.
    pub path: &'static str,
    /// What it may be.
    pub number: Number,
}

/// The most hits `searchTools` answers.
pub(crate) const SEARCH_MAX: u32 = 1000;
/// The most hits the `search_tools` meta-tool answers (what a model may ask for at once).
pub(crate) const META_MAX: u32 = 50;
/// `searchTools(query, { limit })`.
pub(crate) const SEARCH_LIMIT: Number = Number::Whole { min: 1, max: SEARCH_MAX };
/// The `search_tools` meta-tool's `limit` argument.
pub(crate) const META_LIMIT: Number = Number::Whole { min: 1, max: META_MAX };
/// `listTools({ pageSize })` and the other lists.
pub(crate) const PAGE_SIZE: Number = Number::Whole { min: 1, max: u32::MAX };
/// A router configuration's `discovery.maxListed`.
pub(crate) const MAX_LISTED: Number = Number::Whole { min: 0, max: u32::MAX };

/// Items a list page holds (`listTools` and every list) when the caller gives no page size: 1,000. MCP lets the server choose
/// its page size; a client that takes tools caps them far below this (GitHub Copilot: 128 a
/// request; Codex: 2,048 a server, which it pages through), so a catalog any client can use
/// whole comes back whole in one page (a gateway of up to 1,000 tools never pages), while a
/// catalog of 100,000 comes back in pages of about 1 MB of JSON (tool objects like
/// server-everything's) instead of one answer of 100 MB. `pageSize` sets another.
pub const DEFAULT_PAGE_SIZE: usize = 1000;

/// Every numeric argument the packages' methods and a router configuration take, with what it
/// may be: the table the readers apply (a number outside it is `invalid_argument`, in a
/// configuration `invalid_config`, with the path).
pub const NUMBERS: &[Argument] = &[
    Argument { method: "router.searchTools", path: "options.limit", number: SEARCH_LIMIT },
    Argument { method: "router.listTools (and every list)", path: "options.pageSize", number: PAGE_SIZE },
    Argument { method: "new Router", path: "discovery.maxListed", number: MAX_LISTED },
    Argument { method: "the search_tools meta-tool's arguments", path: "limit", number: META_LIMIT },
    Argument { method: "pageEnvelope", path: "page.offset", number: Number::Finite },
    Argument { method: "pageEnvelope", path: "page.pageSize", number: Number::Finite },
    Argument { method: "pageEnvelope", path: "page.total", number: Number::Finite },
];

/// The longest server name, in characters: 64. A server name begins every name the router's
/// own styles expose (`<server>__<tool>`), and those are fitted to 64 characters, the length
/// Claude Code and every model provider accept (Anthropic, OpenAI, Gemini, Bedrock, Mistral):
/// a longer server name leaves no room for a tool. A peer style whose gateway documents a longer
/// limit allows that one (agentgateway's target names: 253; AgentCore's: 100).
pub const MAX_SERVER_NAME: usize = 64;

/// The first control character in `text` (C0, DEL or C1), with its index in characters.
pub(crate) fn control_character(text: &str) -> Option<(usize, char)> {
    if !text.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2) {
        return None;
    }
    text.chars().enumerate().find(|(_, c)| c.is_control())
}

/// `holds the control character U+0000 NULL at index 3`: the one wording of a control
/// character in a name.
pub(crate) fn control_message((at, c): (usize, char)) -> String {
    format!("holds the control character {} at index {at}", describe(c))
}

/// Why `name` cannot be a server name whatever the style, if it cannot: too long (past `max`
/// characters) or holding a control character. The message follows the quoted name.
pub(crate) fn check_server_name(name: &str, max: usize) -> Result<(), String> {
    if name.len() > max && name.chars().nth(max).is_some() {
        let why = if max == MAX_SERVER_NAME {
            "a server name begins every name the gateway exposes, and those are fitted to 64 characters"
        } else {
            "the most the style's gateway accepts"
        };
        return Err(format!("is longer than {max} characters: {why}"));
    }
    match control_character(name) {
        Some(found) => Err(format!("{}: a server name is printable text", control_message(found))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_refused_by_name() {
        let whole = Number::Whole { min: 1, max: u32::MAX };
        for (n, got) in [(f64::NAN, "NaN"), (f64::INFINITY, "Infinity"), (0.0, "0"), (1.5, "a number with a fraction")]
        {
            assert_eq!(whole.check(n), Err(format!("must be a whole number of at least 1, got {got}")));
        }
        assert_eq!(whole.check(3.0), Ok(3.0));
        assert_eq!(Number::Finite.check(-0.5), Ok(-0.5));
    }

    #[test]
    fn server_names_are_capped_and_printable() {
        assert_eq!(check_server_name(&"é".repeat(64), 64), Ok(()), "characters, not bytes");
        assert!(check_server_name(&"a".repeat(65), 64).unwrap_err().starts_with("is longer than 64 characters"));
        assert_eq!(
            check_server_name("mé\u{0}", 64).unwrap_err(),
            "holds the control character U+0000 NULL at index 2: a server name is printable text"
        );
        assert_eq!(control_character("a\u{85}"), Some((1, '\u{85}')));
        assert_eq!(control_character("plain-name"), None);
    }
}
