//! OpenProject durations and dates: no panic; a parsed duration is canonical (parses to
//! itself) and formats to text that parses back to it.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::openproject::{format_duration, parse_date, parse_duration};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(iso) = parse_duration(&text) {
        assert_eq!(parse_duration(&iso).as_deref(), Ok(iso.as_str()));
        let human = format_duration(&iso).expect("a canonical duration formats");
        assert_eq!(parse_duration(&human).as_deref(), Ok(iso.as_str()));
    }
    let _ = format_duration(&text);
    if let Ok(d) = parse_date(&text) {
        assert_eq!(format!("{:04}-{:02}-{:02}", d.year, d.month, d.day), text);
    }
});
