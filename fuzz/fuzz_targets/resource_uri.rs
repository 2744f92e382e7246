//! Resource URIs: no panic; a valid URI's parts format to a URI that parses to the same parts;
//! every suggestion is valid; namespaces from slugs are valid.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::{is_namespace, namespace_from_slug};
use mcp_naming::{format_resource_uri, parse_resource_uri, validate_resource_uri};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let report = validate_resource_uri(&text, None);
    if let Some(parts) = &report.parts {
        let formatted = format_resource_uri(parts).expect("valid parts format");
        assert_eq!(&parse_resource_uri(&formatted).expect("formatted parses"), parts);
    }
    if let Some(s) = &report.suggestion {
        assert!(validate_resource_uri(s, None).is_valid(), "suggestion {s:?} is invalid");
    }
    let _ = validate_resource_uri(&text, Some("myproject"));
    if let Ok(ns) = namespace_from_slug(&text) {
        assert!(is_namespace(&ns), "{ns:?} from {text:?}");
    }
});
