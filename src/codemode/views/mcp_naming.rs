//! The mcp-naming view: every name projected on its own ([`super::super::identifier`]), digests
//! lengthened in the one case two hashed names still meet, files named after the keys, and the
//! declarations of [`super::super::declarations`].

use super::{hashed, listed_twice, renamed, server_path, tool_path as tool_path_of, Input, Noun};
use crate::codemode::declarations::{self, Function as Decl, Namespace as DeclNs};
use crate::codemode::identifier::{
    self, is_canonical, project as project_name, How, Projection, Scope, Why, DIGEST_HEX,
};
use crate::codemode::paths::{component, is_windows_device, tool_path};
use crate::codemode::reserved;
use crate::codemode::{CodeMode, Function, Language, Layout, Namespace, Options, View};
use crate::diagnostic::Diagnostic;
use std::collections::HashMap;

/// The projections of distinct `names`, one to one: where two hashed forms meet (equal readable
/// words and equal 48-bit digests), every member of the group is hashed again with 4 more hex
/// digits, until none meet. Deterministic, whatever the order of `names`.
pub(crate) fn separate(names: &[&str], language: Language, scope: Scope) -> Vec<Projection> {
    let mut out: Vec<Projection> = names.iter().map(|n| project_name(n, language, scope)).collect();
    let mut len = vec![DIGEST_HEX; names.len()];
    loop {
        let mut groups: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, p) in out.iter().enumerate() {
            groups.entry(p.identifier.as_str()).or_default().push(i);
            if p.key != p.identifier {
                groups.entry(p.key.as_str()).or_default().push(i);
            }
        }
        let mut again: Vec<usize> = groups.into_values().filter(|g| g.len() > 1).flatten().collect();
        again.sort_unstable();
        again.dedup();
        again.retain(|&i| matches!(out[i].how, How::Hashed(_)) && len[i] < 64);
        if again.is_empty() {
            return out;
        }
        for i in again {
            len[i] += 4;
            let (identifier, key) = identifier::hashed(names[i], language, scope, len[i]);
            out[i].identifier = identifier;
            out[i].key = key;
        }
    }
}

/// Why a name is hashed, in words.
fn why_hashed(why: Why) -> &'static str {
    match why {
        Why::Characters => "its name has characters an identifier cannot hold",
        Why::Length => "its name is longer than 64 bytes",
        Why::Spelling => "its name is not spelled in lowercase words joined by \"_\"",
    }
}

/// The diagnostic of a projection that is not the name as it is (case conversion aside).
fn diagnostic(noun: Noun, name: &str, p: &Projection, language: Language, path: &str) -> Option<Diagnostic> {
    match p.how {
        How::AsIs | How::Converted => None,
        How::Escaped => {
            let plain = p.identifier.trim_end_matches('_');
            Some(renamed(
                View::McpNaming,
                noun,
                name,
                &p.identifier,
                &format!("{} is {}", crate::text::quoted(plain), reserved::why(plain, language)),
                path,
            ))
        }
        How::Hashed(why) => {
            let canonical = identifier::words(name).join("_");
            let canonical = is_canonical(&canonical, language).then_some(canonical.as_str());
            Some(hashed(noun, name, &p.identifier, why_hashed(why), canonical, path))
        }
    }
}

/// The path component of a projection: the identifier in Python (a module must be importable:
/// `class_.py`, never `class.py`), the key in TypeScript and JavaScript; a Windows device name
/// escaped.
fn file_component(p: &Projection, language: Language) -> (String, bool) {
    let base = if language == Language::Python { &p.identifier } else { &p.key };
    (component(base), is_windows_device(base))
}

pub(crate) fn project(inputs: &[Input<'_>], options: &Options) -> CodeMode {
    let language = options.language;
    let labels: Vec<&str> = inputs.iter().map(|i| i.label).collect();
    let namespaces = separate(&labels, language, Scope::Namespace);
    let mut top = Vec::new();
    let mut out = Vec::with_capacity(inputs.len());
    let mut decls: Vec<DeclNs<'_>> = Vec::with_capacity(inputs.len());
    let mut total = 0;
    for (si, (input, ns)) in inputs.iter().zip(&namespaces).enumerate() {
        let at = server_path(si);
        top.extend(diagnostic(Noun::Server, input.label, ns, language, &at));
        let (ns_dir, ns_device) = file_component(ns, language);
        if ns_device && options.layout == Layout::Files {
            top.push(renamed(
                View::McpNaming,
                Noun::Server,
                input.label,
                &ns.identifier,
                &format!("its directory is {ns_dir}: {} is a Windows device name", crate::text::quoted(&ns.key)),
                &at,
            ));
        }
        // Each distinct name once; a name listed twice takes its first listing's projection.
        let mut first: HashMap<&str, usize> = HashMap::new();
        let mut distinct: Vec<&str> = Vec::new();
        for (tool, _) in &input.tools {
            if !first.contains_key(tool.name.as_str()) {
                first.insert(&tool.name, distinct.len());
                distinct.push(&tool.name);
            }
        }
        let projected = separate(&distinct, language, Scope::Tool);
        let mut functions = Vec::with_capacity(input.tools.len());
        let mut decl_ns = DeclNs { server: input.server, identifier: ns.identifier.clone(), functions: Vec::new() };
        let mut declared = vec![false; distinct.len()];
        for (ti, (tool, call_name)) in input.tools.iter().enumerate() {
            let at = tool_path_of(si, ti);
            let k = first[tool.name.as_str()];
            let p = &projected[k];
            let mut diagnostics: Vec<Diagnostic> = Vec::new();
            let path = (options.layout == Layout::Files).then(|| {
                let (file, device) = file_component(p, language);
                if device {
                    diagnostics.push(renamed(
                        View::McpNaming,
                        Noun::Tool,
                        &tool.name,
                        &p.identifier,
                        &format!(
                            "its file is {file}.{}: {} is a Windows device name",
                            language.extension(),
                            crate::text::quoted(&p.key)
                        ),
                        &at,
                    ));
                }
                tool_path(&ns_dir, &file, language.extension())
            });
            if declared[k] {
                diagnostics.push(listed_twice(&tool.name, &at));
            } else {
                declared[k] = true;
                diagnostics.extend(diagnostic(Noun::Tool, &tool.name, p, language, &at));
                decl_ns.functions.push(Decl {
                    tool,
                    call_name,
                    identifier: p.identifier.clone(),
                    type_name: identifier::type_name(&p.identifier, language),
                    path: path.clone(),
                });
            }
            functions.push(Function { tool: call_name.to_string(), name: p.identifier.clone(), path, diagnostics });
        }
        total += decl_ns.functions.len();
        out.push(Namespace { server: input.server.to_string(), name: ns.identifier.clone(), tools: functions });
        decls.push(decl_ns);
    }
    let header = format!(
        "Code mode declarations generated by mcp-naming (view mcp-naming, {language}): {}, {}.",
        super::counted(inputs.len(), "server"),
        super::counted(total, "tool")
    );
    let declarations = match language {
        Language::Python => declarations::python(&decls, &header),
        Language::TypeScript | Language::JavaScript => declarations::typescript(&decls, &header, None),
    };
    let files = if options.layout == Layout::Files { declarations::files(&decls, language) } else { Vec::new() };
    CodeMode { options: *options, namespaces: out, declarations, files, diagnostics: top }
}

/// The identifiers alone, as [`project`] gives them (no diagnostics, paths or declarations): what
/// the way back needs, at a fraction of the cost, since identifiers depend on the names alone.
pub(crate) fn names(inputs: &[Input<'_>], options: &Options) -> CodeMode {
    let language = options.language;
    let labels: Vec<&str> = inputs.iter().map(|i| i.label).collect();
    let namespaces = separate(&labels, language, Scope::Namespace);
    let out = inputs
        .iter()
        .zip(&namespaces)
        .map(|(input, ns)| {
            let mut first: HashMap<&str, usize> = HashMap::new();
            let mut distinct: Vec<&str> = Vec::new();
            for (tool, _) in &input.tools {
                if !first.contains_key(tool.name.as_str()) {
                    first.insert(&tool.name, distinct.len());
                    distinct.push(&tool.name);
                }
            }
            let projected = separate(&distinct, language, Scope::Tool);
            let tools = input
                .tools
                .iter()
                .map(|(tool, call_name)| Function {
                    tool: call_name.to_string(),
                    name: projected[first[tool.name.as_str()]].identifier.clone(),
                    path: None,
                    diagnostics: Vec::new(),
                })
                .collect();
            Namespace { server: input.server.to_string(), name: ns.identifier.clone(), tools }
        })
        .collect();
    CodeMode {
        options: *options,
        namespaces: out,
        declarations: String::new(),
        files: Vec::new(),
        diagnostics: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_that_meet_are_lengthened_for_every_member() {
        // Two names whose hashed forms meet cannot be found by chance; the loop is checked by
        // projecting the same name twice (equal readable words and equal digests).
        let p = separate(&["Get-User", "Get-User"], Language::TypeScript, Scope::Tool);
        assert_eq!(p[0].identifier, p[1].identifier, "the same name never separates: names are distinct here");
        assert_eq!(p[0].identifier.len(), "getUser_".len() + 64);
        let p = separate(&["Get-User", "get-user", "get_user"], Language::TypeScript, Scope::Tool);
        assert_eq!(p.iter().map(|p| p.identifier.len()).collect::<Vec<_>>(), [20, 20, 7]);
    }
}
