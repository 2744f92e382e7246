//! The OpenProject server's data conventions: durations, collection pages, HAL links, error
//! wording, name resolution, custom fields, tool registration and dates.
//!
//! ```
//! use mcp_naming::openproject::{parse_duration, format_duration, error_message, id_from_href};
//!
//! assert_eq!(parse_duration("2h 30m").unwrap(), "PT2H30M");
//! assert_eq!(parse_duration("1.5h").unwrap(), "PT1H30M");
//! assert_eq!(format_duration("PT2H30M").unwrap(), "2h 30m");
//! assert_eq!(id_from_href(Some("/api/v3/projects/1001")), Some(1001));
//! assert_eq!(error_message(404, Some("42")).unwrap(), "Error: [Not Found] - Resource 42 not found. It may not exist or is restricted.");
//! ```

use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::text::quoted;
use serde::Serialize;

/// The largest id that survives a round trip through a JavaScript number.
pub const MAX_ID: u64 = (1 << 53) - 1;
/// The href OpenProject gives a relation the user may not see.
pub const UNDISCLOSED: &str = "urn:openproject-org:api:v3:undisclosed";
/// Page sizes are clamped to `1..=MAX_PAGE_SIZE`.
pub const MAX_PAGE_SIZE: u64 = 200;
/// The page size when none is given.
pub const DEFAULT_PAGE_SIZE: u64 = 50;

fn duration_error(text: &str, why: &str) -> Error {
    Error::new(
        Code::InvalidDuration,
        Span::whole(text),
        format!(
            "duration {} {why}: write hours and minutes such as \"2h 30m\", \"45m\", \"1.5h\" or ISO 8601 \"PT2H30M\"",
            quoted(text)
        ),
    )
}

/// Minutes in a duration: `2h 30m`, `2h30m`, `2h`, `45m`, `1.5h`, `90m`, ISO 8601 `PT2H30M`,
/// `PT1.5H`. Fractions are rounded to the nearest minute. Days are refused (is a day 8 or 24
/// hours?), and so are zero, negative and empty durations.
///
/// # Errors
/// `invalid_duration`, saying what is wrong.
pub fn duration_minutes(text: &str) -> Result<u64, Error> {
    let t = text.trim();
    if t.is_empty() {
        return Err(duration_error(text, "is empty"));
    }
    if t.len() > 64 {
        return Err(duration_error(text, "is too long"));
    }
    let upper = t.to_ascii_uppercase();
    let (body, iso) = match upper.strip_prefix("PT") {
        Some(rest) => (rest.to_string(), true),
        None if upper.starts_with('P') => {
            return Err(duration_error(text, "has days or a date part, which a time entry cannot hold"))
        }
        None => (upper.replace(' ', ""), false),
    };
    // Fixed point, in billionths of a minute (no float parsing in the .wasm).
    const SCALE: u128 = 1_000_000_000;
    let mut total: u128 = 0;
    let mut seen_h = false;
    let mut seen_m = false;
    let mut number = String::new();
    for c in body.chars() {
        match c {
            '0'..='9' | '.' => number.push(c),
            'H' | 'M' => {
                let repeated = if c == 'H' { seen_h || seen_m } else { seen_m };
                if number.is_empty() || repeated {
                    return Err(duration_error(text, "is not hours then minutes"));
                }
                if c == 'H' {
                    seen_h = true;
                } else {
                    seen_m = true;
                }
                let value = fixed(&number).ok_or_else(|| duration_error(text, "has a malformed number"))?;
                total += value * if c == 'H' { 60 } else { 1 };
                number.clear();
            }
            '-' => return Err(duration_error(text, "is negative")),
            'D' => return Err(duration_error(text, "has days, which a time entry cannot hold")),
            'S' if iso => return Err(duration_error(text, "has seconds: use whole minutes")),
            _ => return Err(duration_error(text, "has characters that are not hours or minutes")),
        }
    }
    if !number.is_empty() || !(seen_h || seen_m) {
        return Err(duration_error(text, "has a number without a unit (h or m)"));
    }
    let minutes = (total + SCALE / 2) / SCALE;
    if minutes > 1_000_000_000 {
        return Err(duration_error(text, "is too large"));
    }
    if minutes == 0 {
        return Err(duration_error(text, "is shorter than a minute"));
    }
    Ok(minutes as u64)
}

/// `12.5` as 12_500_000_000 (billionths); `None` for anything but digits with one optional `.`.
fn fixed(number: &str) -> Option<u128> {
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    if (int.is_empty() && frac.is_empty()) || int.len() > 12 || frac.len() > 9 || frac.contains('.') {
        return None;
    }
    let digits =
        |s: &str| s.bytes().try_fold(0u128, |acc, b| b.is_ascii_digit().then(|| acc * 10 + u128::from(b - b'0')));
    let frac_value = digits(frac)? * 10u128.pow(9 - frac.len() as u32);
    Some(digits(int)? * 1_000_000_000 + frac_value)
}

/// A duration as ISO 8601 (`2h 30m` → `PT2H30M`, `90m` → `PT1H30M`).
///
/// # Errors
/// As [`duration_minutes`].
pub fn parse_duration(text: &str) -> Result<String, Error> {
    let minutes = duration_minutes(text)?;
    let (h, m) = (minutes / 60, minutes % 60);
    Ok(match (h, m) {
        (0, m) => format!("PT{m}M"),
        (h, 0) => format!("PT{h}H"),
        (h, m) => format!("PT{h}H{m}M"),
    })
}

/// An ISO 8601 duration as people write it (`PT2H30M` → `2h 30m`).
///
/// # Errors
/// `invalid_duration` for anything but an ISO 8601 time duration.
pub fn format_duration(iso: &str) -> Result<String, Error> {
    if !iso.trim().to_ascii_uppercase().starts_with("PT") {
        return Err(duration_error(iso, "is not ISO 8601 (PT...)"));
    }
    let minutes = duration_minutes(iso)?;
    let (h, m) = (minutes / 60, minutes % 60);
    Ok(match (h, m) {
        (0, m) => format!("{m}m"),
        (h, 0) => format!("{h}h"),
        (h, m) => format!("{h}h {m}m"),
    })
}

/// The pagination fields of a collection envelope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Page {
    /// Where the page starts.
    pub offset: u64,
    /// The page size, clamped to 1..=200.
    pub page_size: u64,
    /// The collection's size: as given, else the number of items.
    pub total: u64,
    /// `offset + page_size` while that is below `total`.
    pub next_offset: Option<u64>,
}

/// The envelope fields for a page of `items` items.
///
/// # Errors
/// `invalid_offset` for a negative or fractional offset; `invalid_argument` for a page size or
/// total that is not a whole number (negative totals too).
///
/// ```
/// use mcp_naming::openproject::page;
/// let p = page(50, Some(0.0), None, Some(120.0)).unwrap();
/// assert_eq!((p.page_size, p.next_offset), (50, Some(50)));
/// assert_eq!(page(20, Some(100.0), Some(500.0), Some(120.0)).unwrap().next_offset, None);
/// ```
pub fn page(items: usize, offset: Option<f64>, page_size: Option<f64>, total: Option<f64>) -> Result<Page, Error> {
    // Messages show no float (float printing would grow the .wasm): they say what is allowed.
    let whole = |v: f64| v.is_finite() && v.fract() == 0.0;
    let offset = offset.unwrap_or(0.0);
    if !whole(offset) || offset < 0.0 {
        return Err(Error::new(Code::InvalidOffset, Span::default(), "offset must be a whole number, 0 or more"));
    }
    let page_size = match page_size {
        None => DEFAULT_PAGE_SIZE,
        Some(p) if whole(p) => p.clamp(1.0, MAX_PAGE_SIZE as f64) as u64,
        Some(_) => return Err(Error::invalid_argument("pageSize must be a whole number (it is clamped to 1..200)")),
    };
    let total = match total {
        None => items as u64,
        Some(t) if whole(t) && t >= 0.0 => t.min(u64::MAX as f64) as u64,
        Some(_) => return Err(Error::invalid_argument("total must be a whole number, 0 or more")),
    };
    let offset = offset.min(u64::MAX as f64) as u64;
    let next = offset.saturating_add(page_size);
    Ok(Page { offset, page_size, total, next_offset: (next < total).then_some(next) })
}

/// The numeric id at the end of a HAL href (`/api/v3/projects/1001` → 1001); `None` for `null`,
/// the undisclosed URN, or anything not ending in digits (or past 2^53 − 1).
pub fn id_from_href(href: Option<&str>) -> Option<u64> {
    let href = href?.trim_end_matches('/');
    let last = href.rsplit('/').next()?;
    if last.is_empty() || last.len() > 16 || !last.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    last.parse().ok().filter(|id| *id <= MAX_ID)
}

/// A HAL link read for display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkValue {
    /// The id from the href.
    pub id: Option<u64>,
    /// The title, `Restricted` for an undisclosed relation.
    pub title: Option<String>,
    /// The relation exists but the user may not see it.
    pub restricted: bool,
}

/// Reads a link `{ href, title }`: undisclosed relations become `Restricted`.
pub fn link_value(href: Option<&str>, title: Option<&str>) -> LinkValue {
    if href == Some(UNDISCLOSED) {
        return LinkValue { id: None, title: Some("Restricted".into()), restricted: true };
    }
    LinkValue { id: id_from_href(href), title: title.map(str::to_string), restricted: false }
}

/// The message for an HTTP status, in the seed's taxonomy (`Error: [Category] - description.`),
/// with `details` filled in where the wording has a place for them. Statuses outside the table
/// are `Error: [HTTP <status>] - <details or "Request failed">.`.
///
/// # Errors
/// `invalid_argument` for a status outside 100..=599.
pub fn error_message(status: u32, details: Option<&str>) -> Result<String, Error> {
    if !(100..=599).contains(&status) {
        return Err(Error::invalid_argument(format!("status {status} is not an HTTP status (100 to 599)")));
    }
    let details = details.map(|d| d.trim().trim_end_matches('.')).filter(|d| !d.is_empty());
    let (category, text) = match status {
        400 => (
            "Bad Request",
            match details {
                Some(d) => format!("Invalid input: {d}. Please check parameters."),
                None => "Invalid input. Please check parameters.".into(),
            },
        ),
        401 => ("Auth", "Authentication failed. Please check your API key.".into()),
        403 => ("Permission", "You do not have permission to access this resource.".into()),
        404 => (
            "Not Found",
            match details {
                Some(d) => format!("Resource {d} not found. It may not exist or is restricted."),
                None => "Resource not found. It may not exist or is restricted.".into(),
            },
        ),
        422 => (
            "Unprocessable",
            match details {
                Some(d) => format!("Update failed: {d}. Check logic."),
                None => "Update failed. Check logic.".into(),
            },
        ),
        500..=599 => ("Server Error", "OpenProject is currently unavailable. Please try again later.".into()),
        _ => return Ok(format!("Error: [HTTP {status}] - {}.", details.unwrap_or("Request failed"))),
    };
    Ok(format!("Error: [{category}] - {text}"))
}

/// A candidate for [`resolve_by_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate<'a> {
    /// The display name.
    pub name: &'a str,
    /// The identifier (a project's slug), if any.
    pub identifier: Option<&'a str>,
}

/// The index of the candidate `query` names: identifier exact (case-insensitive), then name
/// exact (case-insensitive), then name contains (case-insensitive).
///
/// # Errors
/// `ambiguous_name` listing the candidates when several match at the first level that matches;
/// `not_found` when none does.
///
/// ```
/// use mcp_naming::openproject::{resolve_by_name, Candidate};
/// let c = [Candidate { name: "Project Alpha", identifier: Some("project-alpha") },
///          Candidate { name: "Alpha Ops", identifier: Some("ops") }];
/// assert_eq!(resolve_by_name("PROJECT-ALPHA", &c).unwrap(), 0);
/// assert_eq!(resolve_by_name("alpha", &c).unwrap_err().code.as_str(), "ambiguous_name");
/// let u = [Candidate { name: "Äpfel Projekt", identifier: Some("äpfel") }];
/// assert_eq!(resolve_by_name("ÄPFEL", &u).unwrap(), 0);
/// ```
pub fn resolve_by_name(query: &str, candidates: &[Candidate<'_>]) -> Result<usize, Error> {
    let folded: Vec<(String, Option<String>)> =
        candidates.iter().map(|c| (c.name.to_lowercase(), c.identifier.map(str::to_lowercase))).collect();
    let folded: Vec<Candidate<'_>> =
        folded.iter().map(|(n, i)| Candidate { name: n, identifier: i.as_deref() }).collect();
    resolve_folded(query, &query.trim().to_lowercase(), &folded, candidates)
}

/// [`resolve_by_name`] on names already case-folded by the caller (`folded_query`,
/// `folded`), reporting with the original `query` and `candidates`. The npm package folds with
/// JavaScript's own `toLowerCase`, which keeps Unicode case tables out of the `.wasm`.
///
/// # Errors
/// As [`resolve_by_name`].
pub fn resolve_folded(
    query: &str,
    folded_query: &str,
    folded: &[Candidate<'_>],
    candidates: &[Candidate<'_>],
) -> Result<usize, Error> {
    let q = folded_query;
    if q.is_empty() {
        return Err(Error::new(
            Code::NotFound,
            Span::default(),
            "the name to resolve is empty: give a name or identifier",
        ));
    }
    let levels: [&dyn Fn(&Candidate<'_>) -> bool; 3] =
        [&|c| c.identifier == Some(q), &|c| c.name == q, &|c| c.name.contains(q)];
    for level in levels {
        let hits: Vec<usize> = folded.iter().enumerate().filter(|(_, c)| level(c)).map(|(i, _)| i).collect();
        match hits.as_slice() {
            [] => continue,
            [one] => return Ok(*one),
            many => {
                let names: Vec<String> =
                    many.iter().take(10).map(|&i| quoted(candidates.get(i).map_or("", |c| c.name))).collect();
                let more = if many.len() > 10 { format!(" and {} more", many.len() - 10) } else { String::new() };
                return Err(Error::new(
                    Code::AmbiguousName,
                    Span::whole(query),
                    format!(
                        "{} matches {} candidates: {}{more}; use the identifier or the exact name",
                        quoted(query),
                        many.len(),
                        names.join(", ")
                    ),
                ));
            }
        }
    }
    Err(Error::new(
        Code::NotFound,
        Span::whole(query),
        format!("no candidate matches {}: check the name or list the candidates", quoted(query)),
    ))
}

/// The generic name of a custom field (`customField16` → `custom_field_16`).
///
/// # Errors
/// `invalid_custom_field` for a key that is not `customField` followed by a number.
pub fn custom_field_name(key: &str) -> Result<String, Error> {
    match key.strip_prefix("customField") {
        Some(n) if !n.is_empty() && n.len() <= 10 && n.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(format!("custom_field_{}", n.trim_start_matches('0').max_or("0")))
        }
        _ => Err(Error::new(
            Code::InvalidCustomField,
            Span::whole(key),
            format!(
                "{} is not a custom field key: OpenProject names them customField<N>, such as customField16",
                quoted(key)
            ),
        )),
    }
}

trait MaxOr {
    fn max_or<'a>(&'a self, fallback: &'a str) -> &'a str;
}

impl MaxOr for str {
    fn max_or<'a>(&'a self, fallback: &'a str) -> &'a str {
        if self.is_empty() {
            fallback
        } else {
            self
        }
    }
}

/// Fails fast on a name registered twice.
///
/// # Errors
/// `duplicate_tool_name` naming the first duplicate (with a diagnostic for each).
pub fn check_tool_registry<S: AsRef<str>>(names: &[S]) -> Result<(), Error> {
    let mut problems = Vec::new();
    for (i, n) in names.iter().enumerate() {
        let n = n.as_ref();
        if let Some(j) = names[..i].iter().position(|o| o.as_ref() == n) {
            problems.push(Diagnostic::at_path(
                Code::DuplicateToolName,
                format!("[{i}]"),
                format!("tool name {} is registered twice (first at [{j}]): tool names must be unique", quoted(n)),
            ));
        }
    }
    match Error::from_diagnostics(problems) {
        None => Ok(()),
        Some(e) => Err(e),
    }
}

/// A calendar date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Date {
    /// Year, 0001 to 9999.
    pub year: u16,
    /// Month, 1 to 12.
    pub month: u8,
    /// Day, 1 to the month's length.
    pub day: u8,
}

/// Parses an ISO 8601 calendar date `YYYY-MM-DD`, accepting only real dates (no `2025-02-30`;
/// `2024-02-29` but not `2025-02-29`).
///
/// # Errors
/// `invalid_date`, saying what is wrong.
pub fn parse_date(text: &str) -> Result<Date, Error> {
    let bad = |why: &str| {
        Error::new(
            Code::InvalidDate,
            Span::whole(text),
            format!("date {} {why}: write YYYY-MM-DD, such as 2025-08-12", quoted(text)),
        )
    };
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(bad("is not in the form YYYY-MM-DD"));
    }
    let num = |r: std::ops::Range<usize>| -> Option<u16> {
        let s = &text[r];
        s.bytes().all(|c| c.is_ascii_digit()).then(|| s.parse().ok()).flatten()
    };
    let (Some(year), Some(month), Some(day)) = (num(0..4), num(5..7), num(8..10)) else {
        return Err(bad("has something other than digits"));
    };
    if year == 0 {
        return Err(bad("has year 0000"));
    }
    if !(1..=12).contains(&month) {
        return Err(bad("has no such month"));
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][usize::from(month - 1)];
    if day == 0 || day > days {
        return Err(bad(&format!("has no such day: that month has {days} days")));
    }
    Ok(Date { year, month: month as u8, day: day as u8 })
}
