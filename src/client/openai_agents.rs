//! The OpenAI Agents SDK with server names in tool names (JavaScript `@openai/agents-core`):
//! the router's `openai-agents` peer style, reused as is (`router::peers::openai`).

use super::{Cut, Keeps, Naming};
use crate::diagnostic::{Code, Diagnostic, Span};

pub(super) fn name(server: &str, tools: &[&str]) -> Naming {
    let mut n = Naming::new(tools.len(), Keeps::First);
    match crate::router::peers::openai::client_names(server, tools) {
        Ok(names) => {
            for (i, (shown, hashed)) in names.into_iter().enumerate() {
                n.shown[i] = Some(shown);
                n.cut[i] = hashed.then_some(Cut::Hashed);
            }
        }
        Err(e) => n.top.push(Diagnostic::error(Code::ClientRefused, Span::whole(server), e.message)),
    }
    n
}
