//! src/router/pattern.rs: the name patterns of `enabled`, `disabled` and `builtins`.

use super::*;

// Issue 24: router/pattern.rs, Glob::matches, the end check `ends_with` turned into `contains`:
// `a*c` matched `acb`. `enabled` is access control: a tool whose name only contains the last
// piece must stay off.
#[test]
fn an_enabled_glob_anchors_its_last_piece_at_the_end() {
    let mut r = router(json!({
        "style": "agent",
        "servers": [{ "name": "github" }],
        "enabled": ["github__get_*_issue"]
    }));
    let exposed = r.expose("github", &["get_pr_issue", "get_pr_issue_links", "get_issue"]).unwrap();
    let on: Vec<(&str, bool)> = exposed.iter().map(|t| (t.name.as_str(), t.enabled)).collect();
    assert_eq!(
        on,
        [("github__get_pr_issue", true), ("github__get_pr_issue_links", false), ("github__get_issue", false)]
    );
    assert_eq!(r.route("github__get_pr_issue").unwrap().tool, "get_pr_issue");
    let (code, message, _) = route_err(&r, "github__get_pr_issue_links");
    assert_eq!(code, "tool_disabled", "{message}");
    // A `disabled` glob the same way: `*_delete` hides `repo_delete`, not `repo_delete_check`.
    let mut r = router(json!({
        "style": "agent",
        "servers": [{ "name": "github" }],
        "disabled": ["*_delete"]
    }));
    r.expose("github", &["repo_delete", "repo_delete_check"]).unwrap();
    assert!(!r.is_enabled("github__repo_delete"));
    assert!(r.is_enabled("github__repo_delete_check"));
}
