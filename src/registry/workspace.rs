//! Paths inside a workspace: normalized without touching the file system, escapes refused.
//!
//! ```
//! use mcp_naming::registry::resolve_workspace_path;
//! assert_eq!(resolve_workspace_path("/ws", "src/./lib.rs").unwrap(), "/ws/src/lib.rs");
//! assert_eq!(resolve_workspace_path("/ws", "a/../b").unwrap(), "/ws/b");
//! assert_eq!(resolve_workspace_path("/ws", "../etc/passwd").unwrap_err().code.as_str(), "path_outside_workspace");
//! ```

use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;

fn outside(path: &str, why: &str) -> Error {
    Error::new(
        Code::PathOutsideWorkspace,
        Span::whole(path),
        format!("path {} {why}: use a path inside the workspace, such as src/main.rs", quoted(path)),
    )
}

fn invalid(path: &str, why: &str) -> Error {
    Error::new(Code::InvalidPath, Span::whole(path), format!("path {} {why}", quoted(path)))
}

/// `path` (relative to `root`, or absolute under it) as a normalized absolute path inside
/// `root`: `.` and empty segments go, `..` goes up but never above `root`.
///
/// # Errors
/// `path_outside_workspace` for a path that leaves the root (`../x`, `a/../../x`, an absolute path
/// elsewhere); `invalid_path` for an empty path, a NUL byte, a backslash (a Windows separator on
/// one side and a file name on the other: `..\\x` is refused rather than guessed), or a control
/// character; `invalid_argument` for a root that is not a normalized absolute path.
pub fn resolve_workspace_path(root: &str, path: &str) -> Result<String, Error> {
    let root_trimmed = root.trim_end_matches('/');
    let root_ok = root.starts_with('/')
        && !root.contains(['\0', '\\'])
        && root_trimmed.split('/').skip(1).all(|s| !s.is_empty() && s != "." && s != "..");
    if !root_ok {
        return Err(Error::invalid_argument(format!(
            "workspace root {} is not a normalized absolute path",
            quoted(root)
        )));
    }
    if path.is_empty() {
        return Err(invalid(path, "is empty"));
    }
    if path.len() > MAX_PATH {
        return Err(invalid(path, "is longer than 4096 bytes"));
    }
    if path.contains('\0') {
        return Err(invalid(path, "contains a NUL byte"));
    }
    if path.contains('\\') {
        return Err(invalid(path, "contains a backslash: use \"/\" between segments"));
    }
    if path.chars().any(char::is_control) {
        return Err(invalid(path, "contains a control character"));
    }
    let relative = if let Some(abs) = path.strip_prefix('/') {
        let inside = root_trimmed.is_empty()
            || abs == &root_trimmed[1..]
            || abs.starts_with(&format!("{}/", &root_trimmed[1..]));
        if !inside {
            return Err(outside(path, "is absolute and not under the workspace root"));
        }
        &abs[root_trimmed.len().saturating_sub(1).min(abs.len())..]
    } else {
        path
    };
    let mut parts: Vec<&str> = Vec::new();
    for segment in relative.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(outside(path, "climbs above the workspace root"));
                }
            }
            s => parts.push(s),
        }
    }
    let resolved = if parts.is_empty() {
        format!("{root_trimmed}/").replace("//", "/")
    } else {
        format!("{root_trimmed}/{}", parts.join("/"))
    };
    // The limit holds for the result too, so that a resolved path always resolves to itself
    // (found by fuzzing: a path just under the limit, with the root in front, was over it).
    if resolved.len() > MAX_PATH {
        return Err(invalid(path, "is longer than 4096 bytes once resolved under the workspace root"));
    }
    Ok(resolved)
}

/// The longest path, in bytes, given or resolved.
pub const MAX_PATH: usize = 4096;
