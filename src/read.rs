//! The reader of structured input: every object that enters the crate (options, a router
//! configuration, a tool-state file, parts to format, resource-URI parts, method options) is read
//! from [`Json`] through it, natively and through the npm and Python packages alike.
//!
//! A reader collects every problem instead of stopping at the first: a value of the wrong type,
//! a missing member, a value outside its choices, an unknown key (with the nearest known key as
//! the suggestion). Each is a diagnostic whose `path` names the value (`servers[2].name`) and
//! whose message starts with it.

use crate::arguments::Number;
use crate::diagnostic::{Code, Diagnostic, Error};
use crate::dialect::{a, JsonType};
use crate::json::Json;
use crate::keys::{member_path, unknown_keys};
use crate::suggest::closest;
use crate::text::{clip, quoted};

/// Collects the problems of one input, each with the code the input's errors carry.
pub(crate) struct Reader {
    code: Code,
    /// The code of an unknown key's diagnostic.
    unknown: Code,
    problems: Vec<Diagnostic>,
}

impl Reader {
    /// A reader of a method's argument: `invalid_argument`, its unknown keys `unknown_field`.
    pub(crate) fn argument() -> Reader {
        Reader { code: Code::InvalidArgument, unknown: Code::UnknownField, problems: Vec::new() }
    }

    /// A reader of a configuration: every problem `invalid_config`.
    pub(crate) fn config() -> Reader {
        Reader { code: Code::InvalidConfig, unknown: Code::InvalidConfig, problems: Vec::new() }
    }

    /// A problem at `path`.
    pub(crate) fn problem(&mut self, path: &str, message: impl AsRef<str>) -> &mut Diagnostic {
        self.problems.push(Diagnostic::at_path(self.code, path, message));
        let last = self.problems.len() - 1;
        &mut self.problems[last]
    }

    /// Adds problems found elsewhere (their codes become this input's).
    pub(crate) fn extend(&mut self, problems: impl IntoIterator<Item = Diagnostic>) {
        let code = self.code;
        self.problems.extend(problems.into_iter().map(|mut d| {
            d.code = code;
            d
        }));
    }

    pub(crate) fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    fn wrong(&mut self, path: &str, want: &str, got: &Json) {
        self.problem(path, format!("must be {want}, got {}", got.described()));
    }

    /// A problem at `path`: a value of another type than `want`.
    fn wrong_type(&mut self, path: &str, want: JsonType, got: &Json) {
        self.wrong(path, a(want), got);
    }

    /// `value` as an object whose keys are all in `known`; unknown keys are reported (the
    /// members are still returned), anything else than an object is.
    pub(crate) fn object<'j>(&mut self, value: &'j Json, path: &str, known: &[&str]) -> Option<&'j [(String, Json)]> {
        match value.as_object() {
            Some(members) => {
                let unknown = self.unknown;
                self.problems.extend(unknown_keys(members, known, path).into_iter().map(|mut d| {
                    d.code = unknown;
                    d
                }));
                Some(members)
            }
            None => {
                self.wrong_type(path, JsonType::Object, value);
                None
            }
        }
    }

    pub(crate) fn string(&mut self, value: &Json, path: &str) -> Option<String> {
        match value {
            Json::String(s) => Some(s.clone()),
            other => {
                self.wrong_type(path, JsonType::String, other);
                None
            }
        }
    }

    /// Member `key` of `parent` (at `path`); absent and `null` are `None`.
    pub(crate) fn opt_string(&mut self, parent: &Json, key: &str, path: &str) -> Option<String> {
        match parent.get(key) {
            None | Some(Json::Null) => None,
            Some(v) => self.string(v, &member_path(path, key)),
        }
    }

    /// Member `key` of `parent`, reported as required (`is required (<what>)`) when absent.
    pub(crate) fn req_string(&mut self, parent: &Json, key: &str, path: &str, what: &str) -> Option<String> {
        match parent.get(key) {
            None | Some(Json::Null) => {
                self.problem(&member_path(path, key), format!("is required ({what})"));
                None
            }
            Some(v) => self.string(v, &member_path(path, key)),
        }
    }

    pub(crate) fn opt_bool(&mut self, parent: &Json, key: &str, path: &str) -> Option<bool> {
        match parent.get(key) {
            None | Some(Json::Null) => None,
            Some(Json::Bool(b)) => Some(*b),
            Some(v) => {
                self.wrong_type(&member_path(path, key), JsonType::Boolean, v);
                None
            }
        }
    }

    /// Member `key` of `parent` as a number `number` accepts (see the table of argument checks,
    /// [`crate::arguments`]): `NaN`, `±Infinity` and a fraction where a whole number is meant
    /// are refused with the member's path.
    pub(crate) fn opt_number(&mut self, parent: &Json, key: &str, path: &str, number: Number) -> Option<f64> {
        match parent.get(key) {
            None | Some(Json::Null) => None,
            Some(value) => match number.read(value) {
                Ok(n) => Some(n),
                Err(why) => {
                    self.problem(&member_path(path, key), why);
                    None
                }
            },
        }
    }

    /// Member `key` of `parent` as an array (absent and `null`: empty).
    pub(crate) fn array<'j>(&mut self, parent: &'j Json, key: &str, path: &str, want: &str) -> &'j [Json] {
        match parent.get(key) {
            None | Some(Json::Null) => &[],
            Some(Json::Array(items)) => items,
            Some(v) => {
                self.wrong(&member_path(path, key), want, v);
                &[]
            }
        }
    }

    /// Member `key` of `parent` as strings; `None` when absent or `null`.
    pub(crate) fn opt_strings(&mut self, parent: &Json, key: &str, path: &str) -> Option<Vec<String>> {
        parent.get(key).filter(|v| !matches!(v, Json::Null))?;
        Some(self.strings(parent, key, path))
    }

    /// Member `key` of `parent` as strings (absent and `null`: none).
    pub(crate) fn strings(&mut self, parent: &Json, key: &str, path: &str) -> Vec<String> {
        let at = member_path(path, key);
        let items = self.array(parent, key, path, &crate::dialect::of_strings(JsonType::Array));
        items.iter().enumerate().filter_map(|(i, v)| self.string(v, &format!("{at}[{i}]"))).collect()
    }

    /// Member `key` of `parent` as an object of strings, in its order (absent and `null`: none).
    pub(crate) fn pairs(&mut self, parent: &Json, key: &str, path: &str, want: &str) -> Vec<(String, String)> {
        let at = member_path(path, key);
        match parent.get(key) {
            None | Some(Json::Null) => Vec::new(),
            Some(Json::Object(members)) => members
                .iter()
                .filter_map(|(k, v)| Some((k.clone(), self.string(v, &format!("{at}[{}]", quoted(k)))?)))
                .collect(),
            Some(other) => {
                self.wrong(&at, want, other);
                Vec::new()
            }
        }
    }

    /// Member `key` of `parent`, one of `choices` as `parse` reads them; an other string is
    /// reported with the nearest choice as the suggestion.
    pub(crate) fn opt_choice<T>(
        &mut self,
        parent: &Json,
        key: &str,
        path: &str,
        choices: &[&str],
        parse: impl Fn(&str) -> Option<T>,
    ) -> Option<T> {
        let at = member_path(path, key);
        let text = match parent.get(key) {
            None | Some(Json::Null) => return None,
            Some(v) => self.string(v, &at)?,
        };
        let found = parse(&text);
        if found.is_none() {
            let list = choices.iter().map(|c| quoted(c)).collect::<Vec<_>>().join(", ");
            let near = closest(&text, choices.iter().copied(), 1).first().map(|s| s.to_string());
            self.problem(&at, format!("{} is not one of {list}", quoted(&clip(&text, 40)))).suggestion = near;
        }
        found
    }

    /// `value` when nothing was reported; otherwise one error carrying every problem (the first
    /// one's message, every suggestion), its message prefixed with `context` when given.
    pub(crate) fn finish<T>(self, value: Option<T>, context: &str) -> Result<T, Error> {
        match (value, self.problems.is_empty()) {
            (Some(v), true) => Ok(v),
            (_, _) => Err(self.into_error(context)),
        }
    }

    /// The error for the problems so far.
    pub(crate) fn into_error(self, context: &str) -> Error {
        let suggestions = self.problems.iter().filter_map(|d| d.suggestion.clone()).collect();
        let code = self.code;
        let mut e = Error::from_diagnostics(self.problems)
            .unwrap_or_else(|| Error::new(code, crate::Span::default(), "invalid input"));
        e.code = code;
        e.suggestions = suggestions;
        if !context.is_empty() {
            e.message = format!("{context}: {}", e.message);
        }
        e
    }
}

/// A number as a message words it, without float printing (it would cost the .wasm about 20 KB):
/// a whole number as an integer, `NaN` and `Infinity` by name, any other as "a number with a
/// fraction".
pub(crate) fn number_text(n: f64) -> String {
    match n {
        n if n.is_nan() => "NaN".to_string(),
        n if n.is_infinite() => if n > 0.0 { "Infinity" } else { "-Infinity" }.to_string(),
        n if n.fract() == 0.0 && n.abs() < 1e15 => format!("{}", n as i64),
        _ => "a number with a fraction".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::Reader;
    use crate::diagnostic::Code;
    use crate::json::Json;

    fn json(text: &str) -> Json {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn reports_every_problem_with_its_path() {
        let v = json(r#"{ "a": 1, "list": ["x", 2], "mode": "alwayz", "extra": true }"#);
        let mut r = Reader::argument();
        r.object(&v, "opts", &["a", "list", "mode"]);
        assert_eq!(r.opt_string(&v, "a", "opts"), None);
        assert_eq!(r.strings(&v, "list", "opts"), ["x"]);
        assert_eq!(r.opt_choice(&v, "mode", "opts", &["always", "never"], |_| None::<()>), None);
        let e = r.finish(Some(()), "").unwrap_err();
        let messages: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "opts.extra: unknown key \"extra\": use a, list, mode",
                "opts.a: must be a string, got a number",
                "opts.list[1]: must be a string, got a number",
                "opts.mode: \"alwayz\" is not one of \"always\", \"never\"",
            ]
        );
        assert_eq!(e.code, Code::InvalidArgument);
        assert_eq!(e.suggestions, ["always"]);
        assert_eq!(e.diagnostics[3].path.as_deref(), Some("opts.mode"));
    }

    #[test]
    fn absent_and_null_are_the_same() {
        let v = json(r#"{ "a": null }"#);
        let mut r = Reader::config();
        assert_eq!(r.opt_strings(&v, "a", ""), None);
        assert_eq!(r.opt_strings(&v, "b", ""), None);
        assert!(r.pairs(&v, "a", "", "an object").is_empty());
        assert_eq!(r.req_string(&v, "a", "x", "a string"), None);
        let e = r.finish(Some(()), "ctx").unwrap_err();
        assert_eq!(e.message, "ctx: x.a: is required (a string)");
    }
}
