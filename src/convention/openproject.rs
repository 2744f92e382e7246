//! `openproject`: the OpenProject server's `{action}_{entity}` tool names.
//!
//! ```text
//! name   ::= action "_" entity               ; snake_case, at most 64 characters
//! action ::= list | get | create | update | delete | search | log | add | remove | ...
//! entity ::= word ("_" word)*                ; word ::= [a-z0-9]+, the first starting with a letter
//! ```
//!
//! `get_` with a plural entity warns `use_list_for_collections` (collections are listed:
//! `list_projects`); camelCase is an error with the snake_case form as suggestion; a single word
//! is `missing_action`.
//!
//! ```
//! use mcp_naming::{validate, Convention, Options};
//!
//! let report = validate("getWorkPackage", Convention::OpenProject, &Options::default());
//! assert_eq!(report.errors[0].code.as_str(), "camel_case");
//! assert_eq!(report.suggestion.as_deref(), Some("get_work_package"));
//! ```

use super::fast::{self, FastPatterns};
use super::{check_length, Options, Parts, ServerList, Sink};
use crate::chars::camel_to_snake;
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::text::quoted;

/// The grammar, as shown to users.
pub const GRAMMAR: &str = "name ::= action \"_\" entity; action ::= list | get | create | update | delete | search | log | add | remove | ...; entity ::= [a-z][a-z0-9]*(_[a-z0-9]+)*";
/// The longest name.
pub const MAX_LEN: usize = 64;
/// Valid examples (the conventions' own).
pub const VALID_EXAMPLES: &[&str] =
    &["list_projects", "get_work_package", "create_work_package", "update_work_package_status", "log_time_entry"];
/// Invalid examples.
pub const INVALID_EXAMPLES: &[&str] = &["getWorkPackage", "projects", "fetch_projects", "list-projects"];
/// The known actions by default.
pub const DEFAULT_ACTIONS: &[&str] = &[
    "list", "get", "create", "update", "delete", "search", "log", "add", "remove", "read", "set", "assign", "find",
    "move", "copy", "archive",
];
const RULE: &str = "use snake_case {action}_{entity}, such as list_projects or get_work_package";
/// The action for one item, which warns with a plural entity…
const ONE_ITEM: &str = "get";
/// …and the action for collections it suggests instead.
const COLLECTION: &str = "list";
/// A plural word: at least this long, ending in [`PLURAL_END`] but in none of [`NOT_PLURAL`].
const PLURAL_MIN_LEN: usize = 3;
const PLURAL_END: &str = "s";
/// Endings of singular words (`status`, `access`, `analysis`).
const NOT_PLURAL: &[&str] = &["ss", "us", "is"];

fn actions(opts: &Options) -> ServerList<'_> {
    match &opts.actions {
        Some(list) => ServerList::Owned(list),
        None => ServerList::Static(DEFAULT_ACTIONS),
    }
}

/// Whether an entity word is plural (`projects`, `statuses`), but not `status` or `access`.
fn plural(word: &str) -> bool {
    word.len() >= PLURAL_MIN_LEN && word.ends_with(PLURAL_END) && !NOT_PLURAL.iter().any(|e| word.ends_with(e))
}

/// The characters of a name: lowercase letters, digits and `_`.
const fn is_simple_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'
}

pub(crate) fn check<'a, S: Sink>(name: &'a str, opts: &Options, sink: &mut S) -> Option<Parts<'a>> {
    if !check_length(sink, name, MAX_LEN, "name") {
        return None;
    }
    let b = name.as_bytes();
    let simple = b.iter().all(|&c| is_simple_byte(c));
    if !simple {
        if !sink.detailed() {
            sink.error(super::marker);
            return None;
        }
        if b.iter().any(u8::is_ascii_uppercase) {
            sink.error(|| {
                Diagnostic::error(
                    Code::CamelCase,
                    Span::whole(name),
                    format!("{} is not snake_case: write {}", quoted(name), quoted(&camel_to_snake(name))),
                )
            });
        }
        let mut seen = Vec::new();
        for (i, c) in name.char_indices() {
            if c.is_ascii_alphanumeric() || c == '_' || seen.contains(&c) {
                continue;
            }
            seen.push(c);
            if c == '-' {
                sink.error(|| {
                    Diagnostic::error(
                        Code::HyphenNotAllowed,
                        Span::new(i, i + 1),
                        format!("\"-\" is not snake_case: {RULE}"),
                    )
                });
            } else {
                sink.error(|| super::checks::char_diagnostic(c, i, "lowercase letters, digits and \"_\""));
            }
        }
        return None;
    }
    let Some(sep) = name.find('_') else {
        sink.error(|| {
            Diagnostic::error(Code::MissingAction, Span::whole(name), format!("{} is one word: {RULE}", quoted(name)))
        });
        return None;
    };
    let (action, entity) = (&name[..sep], &name[sep + 1..]);
    if action.is_empty() || entity.is_empty() || entity.starts_with('_') || name.ends_with('_') || name.contains("__") {
        sink.error(|| {
            Diagnostic::error(
                Code::EmptySegment,
                Span::whole(name),
                format!("{} has an empty word (a leading, trailing or doubled \"_\"): {RULE}", quoted(name)),
            )
        });
        return None;
    }
    if !entity.as_bytes()[0].is_ascii_lowercase() {
        sink.error(|| {
            Diagnostic::error(
                Code::InvalidStart,
                Span::new(sep + 1, sep + 2),
                format!("entity {} does not start with a letter: {RULE}", quoted(entity)),
            )
        });
        return None;
    }
    if !actions(opts).contains(action) {
        sink.error(|| {
            Diagnostic::error(
                Code::UnknownAction,
                Span::new(0, sep),
                format!("{} is not a known action: use one of {}", quoted(action), actions(opts).joined()),
            )
        });
        return None;
    }
    if action == ONE_ITEM && sink.detailed() {
        let last = entity.rsplit('_').next().unwrap_or(entity);
        if plural(last) {
            sink.warning(|| {
                Diagnostic::warning(
                    Code::UseListForCollections,
                    Span::new(0, sep),
                    format!(
                        "{} returns a collection: name it list_{entity} (get_ is for one item by id)",
                        quoted(name)
                    ),
                )
            });
        }
    }
    Some(Parts::OpenProject { action, entity })
}

pub(crate) fn suggest(name: &str, opts: &Options) -> Option<String> {
    let snake = camel_to_snake(&crate::chars::to_ascii_lookalikes(name));
    if let Some(entity) = snake.strip_prefix(ONE_ITEM).and_then(|e| e.strip_prefix('_')) {
        let last = entity.rsplit('_').next().unwrap_or(entity);
        if plural(last) && actions(opts).contains(COLLECTION) {
            return Some(format!("{COLLECTION}_{entity}"));
        }
    }
    if !snake.contains('_') && plural(&snake) {
        return Some(format!("{COLLECTION}_{snake}"));
    }
    Some(snake)
}

/// `valid`: a known action, `_` and an entity (words of `[a-z0-9]` joined by single
/// `_`, the first starting with a letter). `clean` also refuses `get_` with a plural last word.
pub(crate) fn fast_patterns() -> FastPatterns {
    let opts = Options::default();
    let word = fast::class(&|b| is_simple_byte(b) && b != b'_');
    let entity = format!("{}{word}*(?:_{word}+)*", fast::class(&|b| b.is_ascii_lowercase()));
    // Only an action that can be a first word ever matches one (not empty, no `_`).
    let first_word = |a: &&str| !a.is_empty() && a.bytes().all(|b| is_simple_byte(b) && b != b'_');
    let action = fast::any_of(&actions(&opts).iter().filter(first_word).collect::<Vec<_>>());
    let plural = format!(
        "(?!{word}*{}$){word}{}{}",
        fast::any_of(NOT_PLURAL),
        fast::repeat(PLURAL_MIN_LEN.saturating_sub(PLURAL_END.len()), None),
        fast::literal(PLURAL_END)
    );
    FastPatterns {
        valid: format!("^{action}_{entity}$"),
        clean: Some(format!(
            "^(?!{}_(?:{word}+_)*{plural}$)(?<action>{action})_(?<entity>{entity})$",
            fast::literal(ONE_ITEM)
        )),
        split: None,
        max_len: MAX_LEN,
    }
}
