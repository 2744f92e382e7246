//! The gateway's seal on a `requestState` (MCP 2026-07-28, multi round-trip requests): the
//! upstream's opaque state goes to the client wrapped with the server it came from and the
//! method it answered, under an HMAC-SHA256 of the gateway's key; the retry's state is opened,
//! checked against where the retry now routes, and only the upstream's own state goes on. So no
//! server's state can reach another server, and a state the client altered never reaches any.
//!
//! The wire form: `mcpn1.<server>.<method>.<state>.<mac>`, each part unpadded URL-safe
//! Base64, the MAC over the three before it. The client reads the server's name and the
//! upstream's state from it (Base64 is no secret); it cannot change either.

use crate::base64::{self, Alphabet};
use crate::diagnostic::{Code, Error, Span};
use crate::sha256;
use crate::text::quoted;

/// The shortest key that seals a state.
pub(crate) const MIN_KEY: usize = 32;

const VERSION: &str = "mcpn1";
/// What the MAC covers first, so that the key's MACs mean this and nothing else.
const DOMAIN: &[u8] = b"mcp-naming requestState 1\0";

/// A state opened: where it came from, and the upstream's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Opened {
    pub server: String,
    pub method: String,
    pub state: String,
}

fn mac(key: &[u8], server: &str, method: &str, state: &str) -> [u8; 32] {
    sha256::hmac(key, &[DOMAIN, server.as_bytes(), b"\0", method.as_bytes(), b"\0", state.as_bytes()])
}

/// `state`, from `server`'s answer to `method`, sealed under `key`.
pub(crate) fn seal(key: &[u8], server: &str, method: &str, state: &str) -> String {
    let part = |s: &[u8]| base64::encode(s, Alphabet::Url);
    let tag = mac(key, server, method, state);
    format!(
        "{VERSION}.{}.{}.{}.{}",
        part(server.as_bytes()),
        part(method.as_bytes()),
        part(state.as_bytes()),
        part(&tag)
    )
}

fn refused(sealed: &str, why: &str) -> Error {
    Error::new(
        Code::InvalidRequestState,
        Span::default(),
        format!("requestState {} {why}", quoted(&crate::text::clip(sealed, 40))),
    )
}

/// The state `sealed` holds, if `key` sealed it.
pub(crate) fn open(key: &[u8], sealed: &str) -> Result<Opened, Error> {
    let parts: Vec<&str> = sealed.split('.').collect();
    let [VERSION, server, method, state, tag] = parts[..] else {
        return Err(refused(
            sealed,
            "was not given out by this gateway: send back the requestState of the input_required result exactly as it came",
        ));
    };
    let text = |p: &str| base64::decode(p, Alphabet::Url).ok().and_then(|b| String::from_utf8(b).ok());
    let (Some(server), Some(method), Some(state), Ok(tag)) =
        (text(server), text(method), text(state), base64::decode(tag, Alphabet::Url))
    else {
        return Err(refused(
            sealed,
            "is damaged: send back the requestState of the input_required result exactly as it came",
        ));
    };
    if !sha256::same(&tag, &mac(key, &server, &method, &state)) {
        return Err(refused(
            sealed,
            "was changed, or sealed under another key: send it back exactly as it came (gateway processes behind one address share one requestStateKey)",
        ));
    }
    Ok(Opened { server, method, state })
}

impl Opened {
    /// Whether the state may go on to `server` with `method`.
    ///
    /// # Errors
    /// `invalid_request_state` naming where the state came from and where the request goes.
    pub(crate) fn check(&self, server: &str, method: &str) -> Result<(), Error> {
        if self.server != server {
            return Err(Error::new(
                Code::InvalidRequestState,
                Span::default(),
                format!(
                    "requestState is server {}'s, but this request goes to server {}: retry the request that returned it, with the same name",
                    quoted(&self.server),
                    quoted(server)
                ),
            )
            .for_server(server));
        }
        if self.method != method {
            return Err(Error::new(
                Code::InvalidRequestState,
                Span::default(),
                format!(
                    "requestState answered {}, but this request is {}: send it only with a retry of the request that returned it",
                    quoted(&self.method),
                    quoted(method)
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";

    #[test]
    fn sealed_states_open_only_under_their_key_unchanged() {
        let sealed = seal(KEY, "memory", "tools/call", "opaque+state/=");
        assert!(sealed.starts_with("mcpn1.bWVtb3J5.dG9vbHMvY2FsbA."));
        let opened = open(KEY, &sealed).unwrap();
        assert_eq!(
            opened,
            Opened { server: "memory".into(), method: "tools/call".into(), state: "opaque+state/=".into() }
        );
        assert!(opened.check("memory", "tools/call").is_ok());
        let e = opened.check("github", "tools/call").unwrap_err();
        assert_eq!((e.code, e.server.as_deref()), (Code::InvalidRequestState, Some("github")));
        assert!(e
            .message
            .starts_with("requestState is server \"memory\"'s, but this request goes to server \"github\""));
        assert_eq!(opened.check("memory", "prompts/get").unwrap_err().code, Code::InvalidRequestState);
        // Another key, a changed part, a state that was never sealed.
        assert!(open(b"another key, 32 bytes or more ....", &sealed).unwrap_err().message.contains("was changed"));
        let forged = sealed.replacen("bWVtb3J5", "Z2l0aHVi", 1);
        assert!(open(KEY, &forged).unwrap_err().message.contains("was changed"));
        assert!(open(KEY, "raw upstream state").unwrap_err().message.contains("was not given out by this gateway"));
        assert!(open(KEY, "mcpn1.!.a.b.c").unwrap_err().message.contains("is damaged"));
        // Empty states seal too.
        assert_eq!(open(KEY, &seal(KEY, "a", "b", "")).unwrap().state, "");
    }
}
