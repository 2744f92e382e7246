//! Parts as the npm and Python packages give them (`{ namespace, tool }`, `{ segments }`, …),
//! read and formatted: the one reader of `formatToolName`'s argument.

use super::{format_with, Convention, Options, Parts};
use crate::diagnostic::Error;
use crate::json::Json;
use crate::read::Reader;

/// Formats the parts `value` holds for `convention`: an object with the convention's part
/// names as keys ([`Convention::part_names`]), a nullable part (`server` of syntropy, `mcp` of
/// agent) as `null` or absent, registry ids as `segments`, an array of strings.
///
/// ```
/// use mcp_naming::{format_json, Convention, Options};
/// let parts = serde_json::from_str(r#"{ "namespace": "myproject", "tool": "create_task" }"#).unwrap();
/// assert_eq!(format_json(&parts, Convention::Chora, &Options::default()).unwrap(), "myproject:create_task");
/// let typo = serde_json::from_str(r#"{ "namespace": "myproject", "tol": "x" }"#).unwrap();
/// let err = format_json(&typo, Convention::Chora, &Options::default()).unwrap_err();
/// assert_eq!(err.message, "parts.tol: unknown key \"tol\": did you mean \"tool\"?");
/// ```
///
/// # Errors
/// `invalid_argument` for a value that is not such an object (every problem as a diagnostic with
/// its path); otherwise as [`format_with`].
pub fn format_json(value: &Json, convention: Convention, opts: &Options) -> Result<String, Error> {
    let mut r = Reader::argument();
    let names = convention.part_names();
    r.object(value, "parts", names);
    let mut values: Vec<Option<String>> = Vec::with_capacity(2);
    let mut complete = true;
    if convention == Convention::Registry {
        let segments = r.opt_strings(value, "segments", "parts");
        if segments.is_none() {
            r.problem("parts.segments", "is required (an array of strings)");
        }
        complete = segments.is_some();
        values.push(segments.map(|s| s.join(".")));
    } else {
        for &key in names {
            let nullable = matches!((convention, key), (Convention::Syntropy, "server") | (Convention::Agent, "mcp"));
            let v = if nullable {
                r.opt_string(value, key, "parts")
            } else {
                r.req_string(value, key, "parts", crate::dialect::a(crate::dialect::JsonType::String))
            };
            complete &= nullable || v.is_some();
            values.push(v);
        }
    }
    r.finish(Some(()).filter(|_| complete), "")?;
    let at = |i: usize| values.get(i).and_then(Option::as_deref);
    let part = |i: usize| at(i).unwrap_or_default();
    let parts = match convention {
        Convention::Mcp => Parts::Mcp { name: part(0) },
        Convention::Chora => Parts::Chora { namespace: part(0), tool: part(1) },
        Convention::Syntropy => Parts::Syntropy { server: at(0), tool: part(1) },
        Convention::Claude => Parts::Claude { server: part(0), tool: part(1) },
        Convention::Agent => Parts::Agent { mcp: at(0), tool: part(1) },
        Convention::OpenProject => Parts::OpenProject { action: part(0), entity: part(1) },
        Convention::Registry => Parts::Registry { id: part(0) },
    };
    format_with(&parts, opts)
}
