//! Every convention: no panic; `is_valid` agrees with `validate`; a valid name formats back to
//! itself; every suggestion is valid; conversions give valid names.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::{convert, detect, format_with, is_valid, validate, Convention, Options};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let name = String::from_utf8_lossy(rest);
    let conv = Convention::ALL[selector as usize % Convention::ALL.len()];
    let opts = match selector / 7 % 3 {
        0 => Options::default(),
        1 => Options::default().with_expected_namespace("myproject"),
        _ => Options::default().with_servers(["my", "my_server", "a__b"]).with_builtins(["status"]),
    };
    let report = validate(&name, conv, &opts);
    assert_eq!(report.is_valid(), is_valid(&name, conv, &opts), "is_valid disagrees for {name:?} in {conv}");
    for d in report.errors.iter().chain(&report.warnings) {
        assert!(d.span.start <= d.span.end && d.span.end <= name.len(), "span out of range");
        assert!(name.is_char_boundary(d.span.start) && name.is_char_boundary(d.span.end), "span not on a boundary");
    }
    if let Some(parts) = &report.parts {
        assert_eq!(
            format_with(parts, &opts).as_deref(),
            Ok(name.as_ref()),
            "format(parse(x)) != x for {name:?} in {conv}"
        );
    }
    if let Some(s) = &report.suggestion {
        assert!(is_valid(s, conv, &opts), "suggestion {s:?} for {name:?} is invalid in {conv}");
    }
    let _ = detect(&name, &opts);
    for to in Convention::ALL {
        if let Ok(text) = convert(&name, conv, to, &opts) {
            assert!(is_valid(&text, to, &opts), "{name:?} converted to {to} gives the invalid {text:?}");
        }
    }
});
