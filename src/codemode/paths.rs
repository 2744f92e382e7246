//! The `files` layout: one file per tool, `servers/<server>/<tool>.<ext>`, whose paths stay
//! distinct on case-insensitive file systems (macOS, Windows) and valid on Windows.
//!
//! Windows refuses, in a path component (Win32 naming rules, "Naming Files, Paths, and
//! Namespaces"): the characters `< > : " / \ | ? *` and the controls U+0000–U+001F; a trailing
//! `.` or space; the device names `CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9` (and
//! `COM¹²³`, `LPT¹²³`), whatever their case and whatever extension follows (`con.ts`,
//! `Aux.d.ts`); and NTFS, ext4 and APFS take at most 255 bytes a component.
//!
//! The mcp-naming view names files after its keys (lowercase ASCII letters, digits and `_`, at
//! most 64 bytes, one to one with identifiers), so two paths never differ only in case; a key that
//! is a device name gets a trailing `_`, which no other key ends with.

/// The directory every file is under.
pub const ROOT: &str = "servers";

/// The longest path component, in bytes.
pub const MAX_COMPONENT: usize = 255;

/// Whether `component` names a Windows device, whatever its case and extension.
pub fn is_windows_device(component: &str) -> bool {
    let stem = component.split('.').next().unwrap_or("").trim_end_matches(' ');
    let upper = stem.to_ascii_uppercase();
    if matches!(upper.as_str(), "CON" | "PRN" | "AUX" | "NUL") {
        return true;
    }
    let Some(rest) = upper.strip_prefix("COM").or_else(|| upper.strip_prefix("LPT")) else { return false };
    let mut chars = rest.chars();
    matches!((chars.next(), chars.next()), (Some('0'..='9' | '¹' | '²' | '³'), None))
}

/// Why `component` cannot be a file or directory name on every system, or `None` when it can.
pub fn component_problem(component: &str) -> Option<String> {
    if component.is_empty() || component == "." || component == ".." {
        return Some(format!("{} is not a file name", crate::text::quoted(component)));
    }
    if let Some(c) = component.chars().find(|c| matches!(c, '<' | '>' | ':' | '"' | '/' | '\\' | '|' | '?' | '*')) {
        return Some(format!("it holds {}, which Windows refuses in a file name", crate::chars::quote(c)));
    }
    if let Some(c) = component.chars().find(|c| (*c as u32) < 0x20) {
        return Some(format!("it holds the control character {}", crate::chars::describe(c)));
    }
    if component.ends_with('.') || component.ends_with(' ') {
        return Some("it ends with a dot or a space, which Windows drops".to_string());
    }
    if component.len() > MAX_COMPONENT {
        return Some(format!("it is {} bytes long: file systems take at most {MAX_COMPONENT}", component.len()));
    }
    if is_windows_device(component) {
        return Some(format!("{} is a Windows device name", crate::text::quoted(component)));
    }
    None
}

/// A key as a path component: itself, or with `_` after a Windows device name (`con` → `con_`).
pub(crate) fn component(key: &str) -> String {
    if is_windows_device(key) {
        format!("{key}_")
    } else {
        key.to_string()
    }
}

/// `servers/<namespace>/<tool>.<extension>`.
pub(crate) fn tool_path(namespace_key: &str, tool_key: &str, extension: &str) -> String {
    format!("{ROOT}/{}/{}.{extension}", component(namespace_key), component(tool_key))
}

/// The indexes of paths that meet another once case is ignored (each pair once, later first).
pub(crate) fn case_collisions<'p>(paths: impl IntoIterator<Item = &'p str>) -> Vec<(usize, usize)> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for (i, p) in paths.into_iter().enumerate() {
        match seen.entry(p.to_ascii_lowercase()) {
            std::collections::hash_map::Entry::Occupied(e) => out.push((i, *e.get())),
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(i);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_refuses_device_names_whatever_the_case_and_extension() {
        for bad in ["con", "CON", "Con.ts", "nul.d.ts", "com1", "LPT9.py", "aux ", "com¹"] {
            assert!(is_windows_device(bad), "{bad}");
        }
        for ok in ["console", "com10", "lpt", "contact", "nul_", "con_", "icon"] {
            assert!(!is_windows_device(ok), "{ok}");
        }
        assert_eq!(component("con"), "con_");
        assert_eq!(component("get_user"), "get_user");
        assert_eq!(tool_path("aux", "prn", "ts"), "servers/aux_/prn_.ts");
    }

    #[test]
    fn components_are_checked_as_windows_would() {
        assert!(component_problem("get_user.ts").is_none());
        assert!(component_problem("a:b").unwrap().contains("\":\""));
        assert!(component_problem("a.").is_some());
        assert!(component_problem("a ").is_some());
        assert!(component_problem("a\u{1}").is_some());
        assert!(component_problem(&"a".repeat(256)).is_some());
        assert!(component_problem("CON.ts").is_some());
        assert!(component_problem("..").is_some());
        assert_eq!(case_collisions(["a/B.ts", "a/c.ts", "A/b.ts"]), [(2, 0)]);
    }
}
