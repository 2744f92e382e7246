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

const PREFIX: &str = "=?base64?";
const SUFFIX: &str = "?=";
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

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
    let bytes = value.as_bytes();
    let mut out = String::with_capacity(PREFIX.len() + bytes.len().div_ceil(3) * 4 + SUFFIX.len());
    out.push_str(PREFIX);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out.push_str(SUFFIX);
    out
}

/// The value a header carries: the sentinel form decoded, anything else as it is.
///
/// # Errors
/// `invalid_header` when the sentinel's payload is not standard Base64 of UTF-8 text.
pub fn decode(header: &str) -> Result<String, Error> {
    if !is_sentinel(header) {
        return Ok(header.to_string());
    }
    let payload = &header[PREFIX.len()..header.len() - SUFFIX.len()];
    let bad = |why: &str| {
        Error::new(Code::InvalidHeader, Span::whole(header), format!("Mcp-Name {} is not valid: {why}", quoted(header)))
    };
    let body = payload.trim_end_matches('=');
    if payload.len() % 4 != 0 || payload.len() - body.len() > 2 {
        return Err(bad("the Base64 payload's length is not a multiple of 4"));
    }
    let mut bytes = Vec::with_capacity(body.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in body.bytes() {
        let Some(v) = ALPHABET.iter().position(|&a| a == c) else {
            return Err(bad("the payload has a character outside the standard Base64 alphabet"));
        };
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    String::from_utf8(bytes).map_err(|_| bad("the decoded bytes are not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
