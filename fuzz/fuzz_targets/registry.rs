//! The tool registry: profiles, descriptors and execution requests from arbitrary JSON never
//! panic, and every diagnostic names a path.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::Json;
use mcp_naming::registry::{check_execute_request, validate_language_profile, validate_tool_descriptor};

const FS_WRITE: &str = r#"{"tool_id":"fs.write","language":null,"description":"Write a file.","atomic":true,"dry_run_supported":false,
"input_schema":{"type":"object","properties":{"path":{"type":"string"},"contents":{"type":"string"}},"required":["path","contents"]},
"output_schema":{"type":"object"},"max_files_affected":1,"allowed_scopes":["workspace:write"]}"#;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Json>(data) else { return };
    for d in validate_language_profile(&value).into_iter().chain(validate_tool_descriptor(&value)) {
        assert!(d.path.is_some(), "{d:?}");
    }
    let descriptor: Json = serde_json::from_str(FS_WRITE).unwrap();
    for d in check_execute_request(&descriptor, &value, &["workspace:write".to_string()]) {
        assert!(d.path.is_some(), "{d:?}");
    }
    let _ = check_execute_request(&value, &value, &[]);
});
