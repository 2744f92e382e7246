//! The `Mcp-Name` request header of the Streamable HTTP transport (SEP-2243, MCP 2026-07-28):
//! `tools/call`, `prompts/get` and `resources/read` carry `params.name` / `params.uri` in it too.
//! A value that cannot ride as plain header text (outside printable ASCII `0x20..=0x7E`, with
//! whitespace at either end, or itself looking like the sentinel) is sent as
//! `=?base64?<standard Base64 of its UTF-8>?=`; receivers decode before comparing.
//!
//! A gateway that rewrites a name must rewrite the header with it: the router's `map_*`
//! functions compare the incoming header with the body and return the header for upstream.
//!
//! ```
//! use mcp_naming::router::{decode_name_header as decode, encode_name_header as encode};
//! assert_eq!(encode("get_user"), "get_user");
//! assert_eq!(encode("café"), "=?base64?Y2Fmw6k=?=");
//! assert_eq!(decode("=?base64?Y2Fmw6k=?=").unwrap(), "café");
//! assert_eq!(decode("=?base64?%%?=").unwrap_err().code.as_str(), "invalid_header");
//! ```

use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;

use crate::base64::{self, Alphabet, Invalid};

const PREFIX: &str = "=?base64?";
const SUFFIX: &str = "?=";

fn is_sentinel(value: &str) -> bool {
    value.len() >= PREFIX.len() + SUFFIX.len() && value.starts_with(PREFIX) && value.ends_with(SUFFIX)
}

/// Whether `value` can be sent as it is.
pub fn is_header_safe(value: &str) -> bool {
    value.bytes().all(|b| (0x20..=0x7e).contains(&b))
        && !value.starts_with([' ', '\t'])
        && !value.ends_with([' ', '\t'])
        && !is_sentinel(value)
}

/// The header value for `value`: itself when header-safe, the Base64 sentinel form otherwise.
pub fn encode(value: &str) -> String {
    if is_header_safe(value) {
        return value.to_string();
    }
    format!("{PREFIX}{}{SUFFIX}", base64::encode(value.as_bytes(), Alphabet::Standard))
}

/// The value a header carries: the sentinel form decoded, anything else as it is.
///
/// # Errors
/// `invalid_header` when the sentinel's payload is not standard Base64 of UTF-8 text.
pub fn decode(header: &str) -> Result<String, Error> {
    decode_named("Mcp-Name", header)
}

/// [`decode`] of the header `name` (worded in its errors).
pub(crate) fn decode_named(name: &str, header: &str) -> Result<String, Error> {
    if !is_sentinel(header) {
        return Ok(header.to_string());
    }
    let payload = &header[PREFIX.len()..header.len() - SUFFIX.len()];
    let bad = |why: &str| {
        Error::new(Code::InvalidHeader, Span::whole(header), format!("{name} {} is not valid: {why}", quoted(header)))
    };
    let bytes = base64::decode(payload, Alphabet::Standard).map_err(|e| match e {
        Invalid::Length => bad("the Base64 payload's length is not a multiple of 4"),
        Invalid::Character => bad("the payload has a character outside the standard Base64 alphabet"),
        Invalid::Trailing => bad("the payload's last character has bits set that Base64 leaves zero"),
    })?;
    String::from_utf8(bytes).map_err(|_| bad("the decoded bytes are not UTF-8"))
}

/// The first protocol revision whose `tools/call`, `resources/read` and `prompts/get` requests
/// over Streamable HTTP must carry `Mcp-Name`.
pub const NAME_HEADER_REVISION: &str = "2026-07-28";

/// Whether a request of protocol revision `protocol_version` (a date, `YYYY-MM-DD`) must carry
/// the `Mcp-Name` header: revision 2026-07-28 and later.
///
/// ```
/// use mcp_naming::router::name_header_required;
/// assert!(name_header_required("2026-07-28"));
/// assert!(!name_header_required("2025-11-25"));
/// assert!(!name_header_required("draft"));
/// ```
pub fn name_header_required(protocol_version: &str) -> bool {
    let b = protocol_version.as_bytes();
    let date = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() });
    date && protocol_version >= NAME_HEADER_REVISION
}

/// The `Mcp-Name` header of a request as its transport received it (SEP-2243): the value, if
/// any, and whether the request's protocol revision requires one. `None.into()` is a request
/// without the header that needs none (stdio, revisions before 2026-07-28).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NameHeader<'a> {
    value: Option<&'a str>,
    required: bool,
}

impl<'a> NameHeader<'a> {
    /// The header `value` (if any) of a request of `protocol_version` (if known).
    pub fn new(value: Option<&'a str>, protocol_version: Option<&str>) -> NameHeader<'a> {
        NameHeader { value, required: protocol_version.is_some_and(name_header_required) }
    }

    /// The header's value, and whether the request's revision requires one.
    pub fn parts(self) -> (Option<&'a str>, bool) {
        (self.value, self.required)
    }

    /// Checks the header against the body's name or URI.
    ///
    /// # Errors
    /// `name_mismatch` for a header that names something else, or a missing header the
    /// revision requires; `invalid_header` for a Base64 form that does not decode. Both are
    /// JSON-RPC -32020 `HeaderMismatch` with HTTP 400 ([`json_rpc_code`](super::json_rpc_code),
    /// [`http_status`](super::http_status)).
    pub fn check(self, body: &str) -> Result<(), Error> {
        let Some(given) = self.value else {
            if self.required {
                return Err(Error::new(
                    Code::NameMismatch,
                    Span::default(),
                    format!(
                        "the Mcp-Name header is missing: requests of protocol revision {NAME_HEADER_REVISION} and later carry it (here {})",
                        quoted(body)
                    ),
                ));
            }
            return Ok(());
        };
        let decoded = decode(given)?;
        if decoded == body {
            return Ok(());
        }
        Err(Error::new(
            Code::NameMismatch,
            Span::whole(given),
            format!(
                "the Mcp-Name header says {} but the request body says {}: they must agree",
                quoted(&decoded),
                quoted(body)
            ),
        ))
    }
}

impl<'a> From<Option<&'a str>> for NameHeader<'a> {
    fn from(value: Option<&'a str>) -> NameHeader<'a> {
        NameHeader { value, required: false }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The encoding examples of the specification (2026-07-28, Streamable HTTP, Value Encoding).
    #[test]
    fn the_specification_examples() {
        for (value, header) in [
            ("us-west1", "us-west1"),
            ("Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="),
            (" padded ", "=?base64?IHBhZGRlZCA=?="),
            ("line1\nline2", "=?base64?bGluZTEKbGluZTI=?="),
            ("=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="),
        ] {
            assert_eq!(encode(value), header, "{value:?}");
            assert_eq!(decode(header).unwrap(), value, "{header:?}");
        }
        // The markers are lowercase and case-sensitive: anything else is a plain value.
        assert_eq!(decode("=?BASE64?dXM=?=").unwrap(), "=?BASE64?dXM=?=");
        assert!(is_header_safe("=?BASE64?dXM=?="));
    }

    #[test]
    fn a_missing_header_is_refused_from_the_revision_that_requires_it() {
        let old = NameHeader::new(None, Some("2025-11-25"));
        assert!(old.check("get_weather").is_ok());
        let new = NameHeader::new(None, Some("2026-07-28"));
        let e = new.check("get_weather").unwrap_err();
        assert_eq!(e.code, Code::NameMismatch);
        assert_eq!(
            e.message,
            "the Mcp-Name header is missing: requests of protocol revision 2026-07-28 and later carry it (here \"get_weather\")"
        );
        assert!(NameHeader::new(Some("get_weather"), Some("2026-07-28")).check("get_weather").is_ok());
        let e = NameHeader::new(Some("=?base64?Zm9v?="), None).check("bar").unwrap_err();
        assert_eq!(e.message, "the Mcp-Name header says \"foo\" but the request body says \"bar\": they must agree");
        assert_eq!(NameHeader::new(Some("=?base64?%%?="), None).check("x").unwrap_err().code, Code::InvalidHeader);
        assert!(name_header_required("2027-01-01"));
        assert!(!name_header_required("2026-7-28"));
    }

    #[test]
    fn round_trips() {
        for v in ["", "a", "ab", "abc", "abcd", " lead", "trail ", "=?base64?x?=", "ü", "a\r\nInjected: 1", "日本語"]
        {
            let e = encode(v);
            assert!(is_header_safe(&e) || is_sentinel(&e), "{e}");
            assert!(e.bytes().all(|b| (0x20..=0x7e).contains(&b)), "{e}");
            assert_eq!(decode(&e).unwrap(), v);
        }
        assert_eq!(
            encode("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="),
            "=?base64?PT9iYXNlNjQ/UFQ5aVlYTmxOalEvYkdsMFpYSmhiRDg5Pz0=?="
        );
        assert_eq!(decode("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=").unwrap(), "=?base64?literal?=");
    }
}
