//! RFC 6570 URI templates, matched against the URIs they expand to, so that a
//! `resources/read` of an expansion is routed to the server that offered the template.
//! Each expression matches what its operator can produce: `{var}` a run without `/ ? #`,
//! `{+var}` anything, `{#var}` a fragment, `{/var}` path segments, `{.var}` labels, `{;var}`
//! path parameters, `{?var}` a query, `{&var}` query continuations. Compiled to a linear-time
//! regex-lite pattern.

use crate::text::quoted;

/// A template compiled for matching.
#[derive(Debug)]
pub(crate) struct Template {
    regex: regex_lite::Regex,
}

impl Template {
    /// Compiles `template`; `Err` with a message when a `{` is not closed or an operator is
    /// unknown.
    pub(crate) fn new(template: &str) -> Result<Template, String> {
        let mut pattern = String::from("^");
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            pattern.push_str(&regex_lite::escape(&rest[..open]));
            let Some(close) = rest[open..].find('}') else {
                return Err(format!("{} has a \"{{\" that is not closed", quoted(template)));
            };
            let expr = &rest[open + 1..open + close];
            let piece = match expr.chars().next() {
                Some('+') => ".*",
                Some('#') => "(?:#.*)?",
                Some('/') => "(?:/[^/?#]*)*",
                Some('.') => r"(?:\.[^/?#.]*)*",
                Some(';') => "(?:;[^/?#]*)*",
                Some('?') => r"(?:\?[^#]*)?",
                Some('&') => "(?:&[^#]*)*",
                Some(c) if c.is_ascii_alphanumeric() || c == '_' || c == '%' => "[^/?#]*",
                _ => {
                    return Err(format!(
                        "{} has an expression {} this router cannot match",
                        quoted(template),
                        quoted(expr)
                    ))
                }
            };
            pattern.push_str(piece);
            rest = &rest[open + close + 1..];
        }
        pattern.push_str(&regex_lite::escape(rest));
        pattern.push('$');
        let regex = regex_lite::Regex::new(&pattern).map_err(|e| format!("{}: {e}", quoted(template)))?;
        Ok(Template { regex })
    }

    /// Whether `uri` is an expansion of the template.
    pub(crate) fn matches(&self, uri: &str) -> bool {
        self.regex.is_match(uri)
    }
}

#[cfg(test)]
mod tests {
    use super::Template;

    #[test]
    fn expansions_match() {
        let t = Template::new("test://dynamic/resource/{id}").unwrap();
        assert!(t.matches("test://dynamic/resource/42"));
        assert!(!t.matches("test://dynamic/resource/42/x"));
        assert!(!t.matches("test://static/resource/42"));
        let t = Template::new("file:///{+path}").unwrap();
        assert!(t.matches("file:///etc/hosts"));
        let t = Template::new("search://q{?term,limit}").unwrap();
        assert!(t.matches("search://q?term=a&limit=2"));
        assert!(t.matches("search://q"));
        assert!(Template::new("a://{x").is_err());
        assert!(Template::new("a://{!x}").is_err());
    }
}
