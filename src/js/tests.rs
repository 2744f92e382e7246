//! The binding layer under wasm-bindgen-test, in Node and in headless Chromium: what crosses the
//! boundary has the shape the JavaScript glue decodes.

use super::*;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn index(id: &str) -> u32 {
    Convention::ALL.iter().position(|c| c.id() == id).unwrap() as u32
}

#[wasm_bindgen_test]
fn compact_report_of_a_valid_name_has_parts_and_no_strings() {
    let r = validate_compact("myproject:create_task", index("chora"), JsValue::UNDEFINED).unwrap();
    // valid, two spans (namespace, tool), no diagnostics, no suggestion
    assert_eq!(r, vec![1, 2, 0, 9, 10, 21, 0, 0]);
}

#[wasm_bindgen_test]
fn compact_report_of_an_invalid_name_has_codes_spans_and_strings() {
    let r = validate_compact("😀ѕ", index("mcp"), JsValue::UNDEFINED).unwrap();
    let non_ascii = Code::ALL.iter().position(|c| *c == Code::NonAsciiCharacter).unwrap() as u32;
    let confusable = Code::ALL.iter().position(|c| *c == Code::ConfusableCharacter).unwrap() as u32;
    // spans in UTF-16 units: the emoji is two, the Cyrillic letter one
    assert_eq!(r, vec![0, 0, 2, non_ascii, 0, 0, 2, confusable, 0, 2, 3, 1]);
    let strings = last_strings();
    assert_eq!(strings.len(), 3);
    assert_eq!(
        strings[1],
        "character U+0455 CYRILLIC SMALL LETTER DZE looks like \"s\" but is not ASCII: type \"s\" instead"
    );
    assert_eq!(strings[2], "s");
    assert!(last_strings().is_empty(), "taken once");
}

#[wasm_bindgen_test]
fn absent_parts_are_marked() {
    let r = validate_compact("mcp__syntropy__healthcheck", index("syntropy"), JsValue::UNDEFINED).unwrap();
    assert_eq!(&r[..6], &[1, 2, NONE, NONE, 15, 26]);
}

#[wasm_bindgen_test]
fn batch_splits_by_utf16_lengths() {
    let names = ["😀a", "ok", "", "fine.name"];
    let joined: String = names.concat();
    let lengths: Vec<u32> = names.iter().map(|n| n.encode_utf16().count() as u32).collect();
    assert_eq!(is_valid_many(&joined, &lengths, index("mcp"), JsValue::UNDEFINED).unwrap(), vec![0, 1, 0, 1]);
}

#[wasm_bindgen_test]
fn options_cross_as_plain_objects() {
    let opts = Object::new();
    Reflect::set(&opts, &"expectedNamespace".into(), &"myproject".into()).unwrap();
    assert!(!is_valid_with("other:tool", index("chora"), opts.clone().into()).unwrap());
    assert!(is_valid_with("myproject:tool", index("chora"), opts.into()).unwrap());
    let bad = Object::new();
    Reflect::set(&bad, &"servers".into(), &JsValue::from_f64(3.0)).unwrap();
    let err = is_valid_with("x", index("claude"), bad.into()).unwrap_err();
    assert_eq!(get(&err, "code"), "invalid_argument");
}

#[wasm_bindgen_test]
fn errors_cross_as_data_with_utf16_spans() {
    let err = convert_name("MyProject:x", index("chora"), index("agent"), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(get(&err, "code"), "uppercase_letter");
    let diagnostics = Array::from(&get(&err, "diagnostics"));
    assert!(diagnostics.length() >= 1);
    let first = diagnostics.get(0);
    assert_eq!(get(&first, "severity"), "error");
    assert_eq!(get(&first, "start").as_f64(), Some(0.0));
    assert_eq!(get(&first, "end").as_f64(), Some(9.0));
    assert!(convention_at(99).is_err());
    assert!(provider_at(99).is_err());
}

#[wasm_bindgen_test]
fn resource_uris_cross_with_a_plain_query_object() {
    let parts = parse_uri("coda://docs/abc123/tables/grid-1?limit=100&b=%20").unwrap();
    assert_eq!(get(&parts, "type"), "docs");
    let query = get(&parts, "query");
    assert!(!query.is_instance_of::<js_sys::Map>());
    assert_eq!(get(&query, "b"), " ");
    assert_eq!(format_uri(parts).unwrap(), "coda://docs/abc123/tables/grid-1?limit=100&b=%20");
    let report = validate_uri("MyProject://Templates/x", None);
    assert_eq!(get(&report, "valid"), false);
    assert_eq!(get(&report, "convention"), "chora");
}

#[wasm_bindgen_test]
fn parts_from_js_format_back() {
    let parts = Object::new();
    Reflect::set(&parts, &"segments".into(), &Array::of2(&"fs".into(), &"write".into())).unwrap();
    assert_eq!(format_name(parts.into(), index("registry"), JsValue::UNDEFINED).unwrap(), "fs.write");
    let err = format_name(JsValue::from_f64(1.0), index("chora"), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(get(&err, "code"), "invalid_argument");
}

#[wasm_bindgen_test]
fn masks_and_lists() {
    assert_eq!(providers_mask("a:b"), 1 << 2);
    assert_eq!(detect_mask("memory__save", JsValue::UNDEFINED).unwrap(), 1 << 0 | 1 << 4);
    assert_eq!(codes().len(), Code::ALL.len());
    assert_eq!(Array::from(&conventions()).length(), 7);
    assert_eq!(fit_names(vec!["a.b".into(), "a:b".into()], 0).unwrap().len(), 2);
}
