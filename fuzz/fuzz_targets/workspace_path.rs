//! Workspace paths: no panic; a resolved path is inside the root, normalized, and resolves to
//! itself.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mcp_naming::registry::resolve_workspace_path;

fuzz_target!(|data: &[u8]| {
    let path = String::from_utf8_lossy(data);
    for root in ["/ws", "/srv/work space", "/"] {
        if let Ok(resolved) = resolve_workspace_path(root, &path) {
            let prefix = if root == "/" { "/".to_string() } else { format!("{root}/") };
            assert!(resolved.starts_with(&prefix), "{resolved:?} is not under {root:?}");
            let inner = &resolved[prefix.len()..];
            assert!(!inner.split('/').any(|s| s == ".." || s == "."), "{resolved:?} is not normalized");
            assert!(!resolved.contains("//") && !resolved.contains('\0') && !resolved.contains('\\'));
            assert_eq!(resolve_workspace_path(root, &resolved).as_deref(), Ok(resolved.as_str()), "not idempotent");
        }
    }
});
