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

/// Puts `text` in the input buffer, as the glue does.
fn put(text: &str) -> u32 {
    let at = io::input_buffer(text.len() as u32 + 1);
    let memory = js_sys::WebAssembly::Memory::from(io::wasm_memory());
    let view = js_sys::Uint8Array::new_with_byte_offset_and_length(&memory.buffer(), at, text.len() as u32);
    view.copy_from(text.as_bytes());
    text.len() as u32
}

/// The output buffer at `ptr`, as the glue reads it.
fn output(ptr: u32) -> Vec<u32> {
    let memory = js_sys::WebAssembly::Memory::from(io::wasm_memory());
    let len = js_sys::Uint32Array::new_with_byte_offset_and_length(&memory.buffer(), ptr, 1).get_index(0);
    js_sys::Uint32Array::new_with_byte_offset_and_length(&memory.buffer(), ptr, len).to_vec()
}

#[wasm_bindgen_test]
fn compact_report_of_a_valid_name_has_parts_and_no_texts() {
    let len = put("myproject:create_task");
    let r = output(validate_in(len, index("chora"), false).unwrap());
    // length, valid, two spans (namespace, tool), no diagnostics, no suggestion, no texts
    assert_eq!(r, vec![10, 1, 2, 0, 9, 10, 21, 0, 0, 0]);
}

#[wasm_bindgen_test]
fn compact_report_of_an_invalid_name_has_codes_spans_and_texts() {
    let len = put("😀ѕ");
    let r = output(validate_in(len, index("mcp"), false).unwrap());
    let non_ascii = Code::ALL.iter().position(|c| *c == Code::NonAsciiCharacter).unwrap() as u32;
    let confusable = Code::ALL.iter().position(|c| *c == Code::ConfusableCharacter).unwrap() as u32;
    let confusable_message =
        "character U+0455 CYRILLIC SMALL LETTER DZE looks like \"s\" but is not ASCII: type \"s\" instead";
    let text = take_text();
    assert!(text.contains(confusable_message));
    assert!(text.ends_with('s'), "the suggestion comes last");
    // spans in UTF-16 units: the emoji is two, the Cyrillic letter one; three texts follow
    assert_eq!(&r[1..13], &[0, 0, 2, non_ascii, 0, 0, 2, confusable, 0, 2, 3, 1]);
    assert_eq!(r[13], 3);
    assert_eq!(r[15], confusable_message.encode_utf16().count() as u32);
    assert_eq!(r[16], 1);
    assert!(take_text().is_empty(), "taken once");
}

#[wasm_bindgen_test]
fn absent_parts_are_marked() {
    let len = put("mcp__syntropy__healthcheck");
    let r = output(validate_in(len, index("syntropy"), false).unwrap());
    assert_eq!(&r[1..7], &[1, 2, NONE, NONE, 15, 26]);
}

#[wasm_bindgen_test]
fn batch_splits_by_byte_lengths() {
    let names = ["😀a", "ok", "", "fine.name"];
    let len = put(&names.concat());
    let lengths: Vec<u32> = names.iter().map(|n| n.len() as u32).collect();
    assert_eq!(is_valid_many_in(len, &lengths, index("mcp"), false).unwrap(), vec![0, 1, 0, 1]);
    let len = put("fs.write");
    assert!(is_valid_in(len, index("registry")).unwrap());
    assert!(!is_valid_in(len - 6, index("registry")).unwrap(), "the length says where the name ends");
}

#[wasm_bindgen_test]
fn invalid_utf8_in_the_input_buffer_is_not_a_trap() {
    let at = io::input_buffer(4);
    let memory = js_sys::WebAssembly::Memory::from(io::wasm_memory());
    js_sys::Uint8Array::new_with_byte_offset_and_length(&memory.buffer(), at, 4).copy_from(&[b'a', b'b', 0xff, b'c']);
    assert!(is_valid_in(4, index("mcp")).unwrap(), "reads as the valid prefix \"ab\"");
    assert!(is_valid_in(4, 99).is_err(), "a bad convention index is an error, as with options");
    // A length past the buffer is clamped to it, and nothing traps (a trap fails the test).
    let _ = is_valid_in(u32::MAX, index("mcp"));
}

#[wasm_bindgen_test]
fn options_cross_as_plain_objects_read_before_the_name() {
    let opts = Object::new();
    Reflect::set(&opts, &"expectedNamespace".into(), &"myproject".into()).unwrap();
    assert!(read_options(opts.into()).unwrap(), "options that differ from the defaults");
    let len = put("other:tool");
    assert!(!is_valid_in_with(len, index("chora")).unwrap());
    let len = put("myproject:tool");
    assert!(is_valid_in_with(len, index("chora")).unwrap());
    assert!(!read_options(Object::new().into()).unwrap(), "an empty object is the defaults");
    let bad = Object::new();
    Reflect::set(&bad, &"servers".into(), &JsValue::from_f64(3.0)).unwrap();
    let err = read_options(bad.into()).unwrap_err();
    assert_eq!(get(&err, "code"), "invalid_argument");
    let d = Array::from(&get(&err, "diagnostics")).get(0);
    assert_eq!(get(&d, "path"), "options.servers");
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
    let report = validate_uri("MyProject://Templates/x", JsValue::UNDEFINED).unwrap();
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
    assert_eq!(detect_mask("memory__save", false).unwrap(), 1 << 0 | 1 << 4);
    // The codes table the glue builds from, in the order compact reports index it.
    let codes = Array::from(&tables().get(3));
    let names: Vec<String> = codes.iter().map(|c| c.as_string().unwrap()).collect();
    assert_eq!(names[Code::NonAsciiCharacter as usize], "non_ascii_character");
    assert_eq!(names[Code::InvalidCursor as usize], "invalid_cursor");
    assert_eq!(names.len(), Code::ALL.len());
    assert_eq!(Array::from(&conventions()).length(), 7);
    assert_eq!(fit_names(vec!["a.b".into(), "a:b".into()], 0).unwrap().len(), 2);
}

#[cfg(feature = "patterns")]
#[wasm_bindgen_test]
fn fast_patterns_compile_in_the_javascript_engine() {
    let all = fast_patterns();
    for c in Convention::ALL {
        let entry = get(&all, c.id());
        let (valid, invalid) = c.examples();
        let valid_re = js_sys::RegExp::new(&get(&entry, "valid").as_string().unwrap(), "");
        let clean_re = js_sys::RegExp::new(&get(&entry, "clean").as_string().unwrap(), "");
        let max = get(&entry, "maxLength").as_f64().unwrap() as usize;
        for name in valid {
            assert!(name.len() <= max && valid_re.test(name), "{c}: {name}");
        }
        for name in invalid {
            assert!(name.len() > max || (!valid_re.test(name) && !clean_re.test(name)), "{c}: {name}");
        }
    }
    let registry = get(&all, "registry");
    assert_eq!(get(&registry, "split"), ".");
    assert!(get(&get(&all, "mcp"), "split").is_null());
    let m = js_sys::RegExp::new(&get(&get(&all, "syntropy"), "clean").as_string().unwrap(), "")
        .exec("mcp__syntropy__healthcheck")
        .unwrap();
    let groups = get(&m, "groups");
    assert!(get(&groups, "server").is_undefined());
    assert_eq!(get(&groups, "tool"), "healthcheck");
}

mod router {
    use super::*;
    use crate::router::{client_error_code_for, host_tables, WasmRouter};

    fn parse(text: &str) -> JsValue {
        js_sys::JSON::parse(text).unwrap()
    }

    fn router() -> WasmRouter {
        let config = r#"{ "style": "claude", "servers": [{ "name": "memory" }, { "name": "notes" }],
            "tools": [{ "server": "memory", "tool": "save", "description": "Saves" }] }"#;
        WasmRouter::new(parse(config)).unwrap()
    }

    /// Exposes `names` as tools of `server` the glue's way, and returns the output buffer.
    fn expose(r: &mut WasmRouter, server: &str, names: &[&str], at: &[u32], finds: &str) -> Vec<u32> {
        let len = put(&names.concat());
        let lengths: Vec<u32> = names.iter().map(|n| n.len() as u32).collect();
        let finds = if at.is_empty() { JsValue::UNDEFINED } else { parse(finds) };
        output(
            r.expose(
                0,
                server,
                len,
                &lengths,
                &[],
                vec![],
                false,
                None,
                at,
                finds,
                &[],
                JsValue::UNDEFINED,
                Object::new().into(),
            )
            .unwrap(),
        )
    }

    #[wasm_bindgen_test]
    fn the_placement_uses_the_tables_flags_and_marker_and_the_extra_carries_the_views() {
        let tables = host_tables();
        let flags = get(&tables, "flags");
        let num = |k: &str| get(&flags, k).as_f64().unwrap() as u32;
        let mut r = router();
        let finds = r#"[[{ "pattern": 0, "path": ["_meta", "ui", "resourceUri"], "value": { "type": "string", "value": "ui://memory/app" } }]]"#;
        let out = expose(&mut r, "memory", &["read_graph", "save"], &[1], finds);
        let text: Vec<String> = Array::from(&parse(&take_text())).iter().map(|s| s.as_string().unwrap()).collect();
        // [length, changed, hasExtra, 1 segment, slot 0, 2 entries, ...]
        assert_eq!(&out[1..6], &[1, 1, 1, 0, 2]);
        let shown = num("enabled") | num("listed") | num("routed");
        assert_eq!(&out[6..9], &[0, 0, shown], "server 0, item 0, enabled, listed and routed");
        assert_ne!(out[9], num("same"), "the exposed name is not the upstream's: the next string");
        assert_eq!(out[10], num("same"), "the Mcp-Name header is the upstream name");
        assert_eq!(text, ["memory__read_graph", "memory__save"]);
        let extra = r.take_extra();
        let views = Array::from(&get(&extra, "views"));
        assert_eq!(views.length(), 1);
        // The configured description of item 1 (its UI resource, listed by no server, stays as it is).
        let item = Array::from(&get(&views.get(0), "items")).get(0);
        assert_eq!(get(&item, "index").as_f64(), Some(1.0));
        assert_eq!(get(&Array::from(&get(&item, "edits")).get(0), "value"), "Saves");
        assert!(r.take_extra().is_null(), "taken once");
    }

    #[wasm_bindgen_test]
    fn requests_cross_as_finds_and_errors_carry_utf16_spans() {
        let mut r = router();
        expose(&mut r, "memory", &["read_graph"], &[], "");
        let found = |name: &str| {
            parse(&format!(
                r#"[{{ "pattern": 0, "path": [], "value": {{ "type": "object" }} }}, {{ "pattern": 1, "path": ["name"], "value": {{ "type": "string", "value": "{name}" }} }}]"#
            ))
        };
        let d = r
            .decide_request(
                "tools/call",
                found("memory__read_graph"),
                "forward",
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
            )
            .unwrap();
        assert_eq!(get(&d, "decision"), "forward");
        assert_eq!(get(&d, "server"), "memory");
        let edit = Array::from(&get(&d, "edits")).get(0);
        assert_eq!(get(&edit, "op"), "set");
        assert_eq!(get(&edit, "value"), "read_graph");
        // "cafébabe__x" is 12 bytes, 11 UTF-16 units.
        let e = r
            .decide_request("tools/call", found("cafébabe__x"), "either", JsValue::UNDEFINED, JsValue::UNDEFINED)
            .unwrap_err();
        assert_eq!(get(&e, "code"), "unknown_tool");
        let d = Array::from(&get(&e, "diagnostics")).get(0);
        assert_eq!(get(&d, "end").as_f64(), Some(11.0));
        let bad = r
            .decide_request(
                "tools/call",
                parse(r#"[{ "pattern": 1 }]"#),
                "either",
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
            )
            .unwrap_err();
        assert_eq!(get(&bad, "code"), "invalid_argument");
        let unknown =
            r.decide_request("tools/list", found("x"), "either", JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap_err();
        assert_eq!(get(&unknown, "code"), "invalid_argument");
    }

    #[wasm_bindgen_test]
    fn a_calls_param_headers_cross_as_reads_finds_and_headers() {
        let r = router();
        let reads = parse(r#"[{ "header": "Mcp-Param-Region", "path": ["arguments", "region"], "checked": true }]"#);
        let found = parse(
            r#"[{ "pattern": 0, "path": ["arguments", "region"], "value": { "type": "string", "value": "us" } }]"#,
        );
        let given = parse(r#"[{ "name": "mcp-param-region", "value": "us" }]"#);
        let d = r.decide_params(reads.clone(), found.clone(), given, Some("2026-07-28".into())).unwrap();
        let header = Array::from(&get(&d, "headers")).get(0);
        assert_eq!(get(&header, "name"), "Mcp-Param-Region");
        assert_eq!(get(&header, "value"), "us");
        let wrong = parse(r#"[{ "name": "Mcp-Param-Region", "value": "eu" }]"#);
        let e = r.decide_params(reads.clone(), found.clone(), wrong, Some("2026-07-28".into())).unwrap_err();
        assert_eq!(get(&e, "code"), "param_mismatch");
        let e = r.decide_params(parse(r#"[{ "header": 1 }]"#), found.clone(), JsValue::UNDEFINED, None).unwrap_err();
        assert_eq!(get(&e, "code"), "invalid_argument");
        let e = r.decide_params(reads, found, parse(r#"[{ "name": "x" }]"#), None).unwrap_err();
        assert_eq!(get(&e, "code"), "invalid_argument");
        assert_eq!(
            get(&r.listen_notice("tools", JsValue::from_f64(3.0)).unwrap(), "method"),
            "notifications/tools/list_changed"
        );
        assert!(r.listen_notice("tool", JsValue::from_f64(3.0)).is_err());
        assert_eq!(client_error_code_for(-32002.0, Some("2026-07-28".into())), -32602.0);
        assert_eq!(client_error_code_for(-32002.0, None), -32002.0);
    }

    #[wasm_bindgen_test]
    fn list_options_are_the_cores_to_read_and_a_nan_is_refused() {
        let r = router();
        let d = r.decide_list(0, 3, 7, parse(r#"{ "pageSize": 2 }"#)).unwrap();
        assert_eq!(get(&d, "decision"), "page");
        assert_eq!(get(&d, "nextCursor"), "7.2");
        let opts = Object::new();
        Reflect::set(&opts, &"pageSize".into(), &JsValue::from_f64(f64::NAN)).unwrap();
        let e = r.decide_list(0, 3, 7, opts.into()).unwrap_err();
        assert_eq!(get(&e, "code"), "invalid_argument");
        assert!(r.decide_list(9, 3, 7, JsValue::UNDEFINED).is_err(), "an unknown list index");
    }
}
