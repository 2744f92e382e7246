//! src/router/header.rs: the Mcp-Name header and its Base64 sentinel.

// router/header.rs, is_sentinel (`PREFIX.len() + SUFFIX.len()` into `-`): `=?base64?=` is ten
// characters, shorter than the sentinel's two ends together (whose `?` it shares), so it is a
// plain name: sent as it is and read back as it is, never decoded.
#[test]
fn a_name_that_only_overlaps_the_sentinel_rides_as_it_is() {
    use mcp_naming::router::{decode_name_header, encode_name_header, is_header_safe};
    for name in ["=?base64?=", "=?base64?"] {
        assert!(is_header_safe(name), "{name}");
        assert_eq!(encode_name_header(name), name);
        assert_eq!(decode_name_header(name).unwrap(), name);
    }
    // The shortest sentinel, an empty payload, is the empty name.
    assert!(!is_header_safe("=?base64??="));
    assert_eq!(decode_name_header("=?base64??=").unwrap(), "");
}

// router/header.rs, decode (`len % 4 != 0 || padding > 2` into `&&`; `payload - body` into
// `/`): the payload is standard Base64, padded: a length that is not a multiple of 4 (even one
// that would decode, `YQ` for `a`) and more than two `=` (`YWJj====`, `abc` padded twice over)
// are refused.
#[test]
fn a_header_payload_must_be_padded_base64() {
    use mcp_naming::router::decode_name_header;
    assert_eq!(decode_name_header("=?base64?YQ==?=").unwrap(), "a");
    for header in ["=?base64?YQ?=", "=?base64?YQ=?=", "=?base64?====?=", "=?base64?Y===?=", "=?base64?YWJj====?="] {
        let e = decode_name_header(header).unwrap_err();
        assert_eq!(e.code.as_str(), "invalid_header", "{header}");
        assert!(e.message.ends_with("the Base64 payload's length is not a multiple of 4"), "{header}: {}", e.message);
    }
}

// router/header.rs, name_header_required (the date's `len == 10 && shape` into `||`): only a
// revision written as a date, `YYYY-MM-DD`, from 2026-07-28 on requires the `Mcp-Name` header;
// strings that sort after it but are no such date do not.
#[test]
fn only_dated_revisions_require_the_name_header() {
    use mcp_naming::router::name_header_required;
    assert!(name_header_required("2026-07-28"));
    assert!(name_header_required("2030-01-01"));
    for v in ["2026/07/28", "2026-07-280", "2026-07-28x", "draft-2027", "9"] {
        assert!(!name_header_required(v), "{v}");
    }
}
