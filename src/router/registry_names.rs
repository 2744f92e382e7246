//! Registry names as server names (`servers: [{ name: "io.github.acme/weather" }]`): a style
//! that cannot write such a name puts a short prefix derived from it in exposed names instead
//! (`weather`, or more of the name where two servers would meet: see
//! [`crate::registry_name::registry_prefixes`]), written the way the style can (the agent style's
//! `acmeweather`). Routes, errors and the host keep the configured name; a name the style writes
//! as it is keeps itself, so no configuration that worked before changes.

use super::naming::Naming;
use crate::registry_name::{is_server_name, prefixes_with};

/// The name each server is written as in exposed names (its label), in configuration order.
pub(crate) fn labels(names: &[&str], style: Option<&dyn Naming>) -> Vec<String> {
    let Some(style) = style else { return names.iter().map(|n| n.to_string()).collect() };
    let grows: Vec<bool> = names.iter().map(|n| style.check_server_name(n).is_err() && is_server_name(n)).collect();
    if !grows.contains(&true) {
        return names.iter().map(|n| n.to_string()).collect();
    }
    let fit = |candidate: &str| -> Option<String> {
        if style.check_server_name(candidate).is_ok() {
            return Some(candidate.to_string());
        }
        style.suggest_server_name(candidate).filter(|s| style.check_server_name(s).is_ok())
    };
    prefixes_with(names, &grows, &fit)
}
