//! Every convention's verdict on one name, near misses first among the invalid ones: what a
//! user who pasted a name means, whichever convention they thought of. A name valid in the loose
//! conventions (`mcp`, an agent built-in) is often a mistake in a strict one: seed 003's
//! `mcp__syntropy_thinking_sequentialthinking` is a valid MCP name and one underscore short of a
//! Syntropy name, and the explanation says both.

use super::{validate, Convention, Options, Report};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// One convention's verdict on a name.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation<'a> {
    /// The convention's report: diagnostics, parts, the nearest valid name.
    pub report: Report<'a>,
    /// Edits from the name to a valid name of the convention: 0 when it is valid, the distance
    /// to the suggestion for a near miss, `None` when there is no valid name to suggest.
    pub distance: Option<usize>,
}

/// The conventions from the most to the least specific: among equal distances, a name that is
/// almost a Syntropy name says more than one that is a valid MCP name.
const SPECIFIC_FIRST: [Convention; 7] = [
    Convention::Syntropy,
    Convention::Claude,
    Convention::Chora,
    Convention::Registry,
    Convention::OpenProject,
    Convention::Agent,
    Convention::Mcp,
];

/// Every convention's report on `name`: valid ones first, then near misses by how few edits
/// their suggestion is away, then the conventions with nothing to suggest; equal distances by
/// how specific the convention is.
///
/// ```
/// use mcp_naming::{explain, Options};
/// let all = explain("mcp__syntropy_thinking_sequentialthinking", &Options::default());
/// let miss = all.iter().find(|e| !e.report.is_valid()).unwrap();
/// assert_eq!(miss.report.convention.id(), "syntropy");
/// assert_eq!(miss.report.errors[0].code.as_str(), "single_underscore_after_gateway");
/// assert_eq!(miss.report.suggestion.as_deref(), Some("mcp__syntropy__thinking_sequentialthinking"));
/// assert_eq!(miss.distance, Some(1));
/// ```
pub fn explain<'a>(name: &'a str, opts: &Options) -> Vec<Explanation<'a>> {
    let mut out: Vec<(usize, Explanation<'a>)> = SPECIFIC_FIRST
        .iter()
        .enumerate()
        .map(|(rank, &c)| {
            let report = validate(name, c, opts);
            let distance = if report.is_valid() {
                Some(0)
            } else {
                report.suggestion.as_deref().and_then(|s| crate::suggest::distance(name, s, name.len() + s.len()))
            };
            (rank, Explanation { report, distance })
        })
        .collect();
    out.sort_by_key(|(rank, e)| (e.distance.is_none(), e.distance, *rank));
    out.into_iter().map(|(_, e)| e).collect()
}

/// The report's members (`valid`, `convention`, `errors`, …) and `distance`.
impl Serialize for Explanation<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = &self.report;
        let mut e = s.serialize_struct("Explanation", 7)?;
        e.serialize_field("valid", &r.is_valid())?;
        e.serialize_field("convention", &r.convention)?;
        e.serialize_field("errors", &r.errors)?;
        e.serialize_field("warnings", &r.warnings)?;
        e.serialize_field("parts", &r.parts)?;
        e.serialize_field("suggestion", &r.suggestion)?;
        e.serialize_field("distance", &self.distance)?;
        e.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(name: &str) -> Vec<(&'static str, Option<usize>)> {
        explain(name, &Options::default()).iter().map(|e| (e.report.convention.id(), e.distance)).collect()
    }

    #[test]
    fn the_seed_mistakes_are_named_with_their_fix() {
        // A single underscore after the gateway, and a dropped `mcp__`: both valid MCP and agent
        // names, both one Syntropy fix away.
        assert_eq!(
            order("mcp__syntropy_thinking_sequentialthinking")[..3],
            [("agent", Some(0)), ("mcp", Some(0)), ("syntropy", Some(1))]
        );
        let dropped = explain("syntropy__thinking__sequentialthinking", &Options::default());
        let syntropy = dropped.iter().find(|e| e.report.convention == Convention::Syntropy).unwrap();
        assert_eq!(syntropy.report.suggestion.as_deref(), Some("mcp__syntropy__thinking_sequentialthinking"));
        assert_eq!(syntropy.distance, Some(6));
        // Every convention is there, once.
        assert_eq!(dropped.len(), Convention::ALL.len());
        // A name near nothing: the conventions with no suggestion come last, specific first.
        let none = order("myproject::create_task");
        assert_eq!(none[0], ("chora", Some(1)));
        assert_eq!(none.last(), Some(&("openproject", None)));
    }
}
