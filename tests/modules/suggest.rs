//! src/suggest.rs: how far a suggestion reaches.

use super::*;

// Issue 24: suggest.rs, limit, the bound `clamp(1, 6)` made `clamp(1, 5)`: a long name six
// edits from the one meant got no suggestion. A quarter of the name's length, at most six: 27
// characters reach six edits, not seven.
#[test]
fn suggestions_reach_six_edits_on_long_names() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "s" }] }));
    r.expose("s", &["abcdefghijklmnopqrstuvwx"]).unwrap();
    let six = "s__abcdefghijklmnopqrXXXXXX";
    assert_eq!(
        route_err(&r, six),
        (
            "unknown_tool".to_string(),
            format!("Unknown tool: {six}; did you mean s__abcdefghijklmnopqrstuvwx?"),
            vec!["s__abcdefghijklmnopqrstuvwx".to_string()]
        )
    );
    // Seven edits on a 32-character name: a quarter is 8, the ceiling 6.
    let seven = "s__abcdefghijklmnopqrstuvXXXXXXX";
    assert_eq!(route_err(&r, seven).1, format!("Unknown tool: {seven}"));
    // A quarter of the length below the ceiling: 20 characters reach 5 edits, not 6.
    r.expose("s", &["abcdefghijklmnopq"]).unwrap();
    assert_eq!(route_err(&r, "s__abcdefghijklXXXXX").2, ["s__abcdefghijklmnopq"]);
    assert!(route_err(&r, "s__abcdefghijkXXXXXX").2.is_empty());
}
