//! Unknown keys in structured input. Every object that enters the crate (a router
//! configuration, options, resource parts, registry and OpenProject inputs) is checked against
//! the keys its reader knows, so a misspelled key is an error naming its path and the nearest
//! known key, never a setting silently ignored.

use crate::diagnostic::{Code, Diagnostic};
use crate::json::Json;
use crate::suggest::closest;
use crate::text::quoted;

/// The path of member `key` under `path` (`servers[0]` + `name` → `servers[0].name`).
pub(crate) fn member_path(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// One `unknown_field` diagnostic per member of `members` whose key is not in `known`, at the
/// path `path.key`, suggesting the nearest known key (by edit distance) where one is close.
pub(crate) fn unknown_keys(members: &[(String, Json)], known: &[&str], path: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (key, _) in members {
        if known.contains(&key.as_str()) {
            continue;
        }
        out.push(unknown_key(key, known, path));
    }
    out
}

/// The `unknown_field` diagnostic for a key of an object at `path` that is not in `known`,
/// suggesting the nearest known key (the check behind every structured input; the npm glue calls
/// it for the objects it reads itself).
///
pub(crate) fn unknown_key(key: &str, known: &[&str], path: &str) -> Diagnostic {
    let near = closest(key, known.iter().copied(), 1).first().map(|s| s.to_string());
    let message = match &near {
        Some(n) => format!("unknown key {}: did you mean {}?", quoted(key), quoted(n)),
        None => format!("unknown key {}: use {}", quoted(key), known.join(", ")),
    };
    let mut d = Diagnostic::at_path(Code::UnknownField, member_path(path, key), message);
    d.suggestion = near;
    d
}

#[cfg(test)]
mod tests {
    use super::unknown_keys;
    use crate::json::Json;

    #[test]
    fn one_unknown_key_names_its_path_and_the_nearest_known_key() {
        let d = super::unknown_key("takn", &["taken"], "options");
        assert_eq!(d.message, "options.takn: unknown key \"takn\": did you mean \"taken\"?");
        assert_eq!(d.path.as_deref(), Some("options.takn"));
        assert_eq!(d.suggestion.as_deref(), Some("taken"));
        let far = super::unknown_key("zzz", &["taken", "servers"], "");
        assert_eq!(far.message, "zzz: unknown key \"zzz\": use taken, servers");
        assert_eq!(far.suggestion, None);
    }

    #[test]
    fn names_the_nearest_key() {
        let members = vec![("disable".to_string(), Json::Null)];
        let found = unknown_keys(&members, &["enabled", "disabled"], "");
        assert_eq!(found[0].code.as_str(), "unknown_field");
        assert_eq!(found[0].message, "disable: unknown key \"disable\": did you mean \"disabled\"?");
        assert_eq!(found[0].suggestion.as_deref(), Some("disabled"));
        let far = unknown_keys(&[("zzzzzz".to_string(), Json::Null)], &["enabled", "disabled"], "options");
        assert_eq!(far[0].message, "options.zzzzzz: unknown key \"zzzzzz\": use enabled, disabled");
        assert_eq!(far[0].suggestion, None);
    }
}
