//! The server name the OpenAI Agents SDK puts in tool names: a server named after its endpoint
//! URL (the SDK's default for HTTP servers is `streamable-http: <url>`) loses its credentials,
//! query and fragment first. The JavaScript and Python SDKs do this differently; both are here.
//!
//! Only the URLs whose parse is plain are reproduced (ASCII host names, no IP-literal brackets,
//! no dot segments or characters a URL parser would percent-encode); for any other name that a
//! parser would read as an `http(s)` URL, the answer is `None` and the router refuses the name.

/// `getMcpServerExternalName` of `@openai/agents-core` (WHATWG URL parsing).
pub(crate) fn js(name: &str) -> Option<String> {
    let prefix = ["sse: ", "streamable-http: "].into_iter().find(|p| name.starts_with(p));
    let candidate = &name[prefix.map_or(0, str::len)..];
    match whatwg_http(candidate) {
        Parse::Http { sensitive: false, .. } => Some(name.to_string()),
        Parse::Http { scheme, host, path, sensitive: true } => {
            Some(format!("{}{scheme}://{host}{path}", prefix.unwrap_or("")))
        }
        Parse::Unsupported => None,
        Parse::NotHttp => Some(match prefix {
            Some(p) => format!("{p}<redacted endpoint>"),
            None if starts_with_http(candidate.trim_start()) => "<redacted endpoint>".to_string(),
            None => name.to_string(),
        }),
    }
}

/// `get_mcp_server_log_name` of `openai-agents` (Python's `urllib.parse.urlsplit`).
pub(crate) fn python(name: &str) -> Option<String> {
    let prefix = ["sse: ", "streamable_http: ", "streamable-http: "].into_iter().find(|p| name.starts_with(p));
    let candidate = &name[prefix.map_or(0, str::len)..];
    let p = prefix.unwrap_or("");
    let invalid = || Some(format!("{p}<invalid-url>"));
    let url: String =
        candidate.trim_start_matches(|c: char| c <= ' ').chars().filter(|c| !matches!(c, '\t' | '\r' | '\n')).collect();
    let (scheme, rest) = match url.split_once(':') {
        Some((s, rest)) if is_scheme(s) => (s.to_ascii_lowercase(), rest),
        _ => (String::new(), url.as_str()),
    };
    let (netloc, after) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find(['/', '?', '#']).unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    if let Some(n) = netloc {
        if n.contains('[') != n.contains(']') {
            // urlsplit raises ValueError("Invalid IPv6 URL").
            return if p.is_empty() && !starts_with_http(&candidate.to_lowercase()) {
                Some(name.to_string())
            } else {
                invalid()
            };
        }
        if !n.is_ascii() {
            return None;
        }
    }
    if scheme != "http" && scheme != "https" {
        return Some(name.to_string());
    }
    let netloc = netloc.unwrap_or("");
    let hostinfo = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
    if hostinfo.contains('[') {
        return None;
    }
    let (hostname, port) = hostinfo.split_once(':').unwrap_or((hostinfo, ""));
    let port = if port.is_empty() {
        None
    } else if port.bytes().all(|b| b.is_ascii_digit()) {
        match port.parse::<u32>() {
            Ok(n) if n <= 65535 => Some(n),
            _ => return invalid(),
        }
    } else {
        return invalid();
    };
    let hostname = hostname.to_lowercase();
    if netloc.is_empty() || hostname.is_empty() || hostname.chars().any(char::is_whitespace) {
        return invalid();
    }
    let path = &after[..after.find(['?', '#']).unwrap_or(after.len())];
    let mut host = hostname;
    if let Some(port) = port {
        host.push_str(&format!(":{port}"));
    }
    let slash = if !path.is_empty() && !path.starts_with('/') { "/" } else { "" };
    Some(format!("{p}{scheme}://{host}{slash}{path}"))
}

fn starts_with_http(text: &str) -> bool {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

fn is_scheme(s: &str) -> bool {
    s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

enum Parse {
    Http { scheme: String, host: String, path: String, sensitive: bool },
    NotHttp,
    Unsupported,
}

/// `new URL(candidate)` where the result is an `http:` or `https:` URL.
fn whatwg_http(candidate: &str) -> Parse {
    let url: String =
        candidate.trim_matches(|c: char| c <= ' ').chars().filter(|c| !matches!(c, '\t' | '\r' | '\n')).collect();
    let Some((scheme, rest)) = url.split_once(':').filter(|(s, _)| is_scheme(s)) else { return Parse::NotHttp };
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Parse::NotHttp;
    }
    let rest = rest.trim_start_matches(['/', '\\']);
    let end = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = (&rest[..end], &rest[end..]);
    let (userinfo, hostport) = authority.rsplit_once('@').unwrap_or(("", authority));
    let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
    if hostport.starts_with('[') || !hostport.is_ascii() || hostport.contains('%') {
        return Parse::Unsupported;
    }
    let (host, port) = hostport.split_once(':').unwrap_or((hostport, ""));
    if host.is_empty() {
        return Parse::NotHttp;
    }
    const FORBIDDEN: &[u8] = b" #/:<>?@[\\]^|";
    if host.bytes().any(|b| FORBIDDEN.contains(&b) || b < 0x20 || b == 0x7f) {
        return Parse::NotHttp;
    }
    // A host ending in a number is an IPv4 address, which the parser rewrites ("4" → "0.0.0.4").
    let host = match ipv4(host) {
        None => host.to_ascii_lowercase(),
        Some(Some(address)) => address,
        Some(None) => return Parse::NotHttp,
    };
    let port = if port.is_empty() {
        None
    } else if port.bytes().all(|b| b.is_ascii_digit()) {
        match port.parse::<u32>() {
            Ok(n) if n <= 65535 => Some(n),
            _ => return Parse::NotHttp,
        }
    } else {
        return Parse::NotHttp;
    };
    let default = if scheme == "http" { 80 } else { 443 };
    let mut host = host;
    if let Some(p) = port.filter(|&p| p != default) {
        host.push_str(&format!(":{p}"));
    }
    let path_end = tail.find(['?', '#']).unwrap_or(tail.len());
    let path = &tail[..path_end];
    let (query, fragment) = {
        let after = &tail[path_end..];
        match after.split_once('#') {
            Some((q, f)) => (q, Some(f)),
            None => (after, None),
        }
    };
    // The path percent-encode set: C0 controls, space, `"`, `#`, `<`, `>`, `?`, `` ` ``, `{`,
    // `}` and every non-ASCII byte; `\` is a separator in http(s) URLs.
    let dot = |seg: &str| matches!(seg.to_ascii_lowercase().as_str(), "." | ".." | "%2e" | ".%2e" | "%2e." | "%2e%2e");
    if path.split(['/', '\\']).any(dot) {
        return Parse::Unsupported;
    }
    let mut encoded = String::with_capacity(path.len());
    for &b in path.as_bytes() {
        match b {
            b'\\' => encoded.push('/'),
            b if b <= b' ' || b >= 0x7f || matches!(b, b'"' | b'#' | b'<' | b'>' | b'?' | b'`' | b'{' | b'}') => {
                encoded.push_str(&format!("%{b:02X}"));
            }
            b => encoded.push(b as char),
        }
    }
    let path = encoded;
    let path = if path.is_empty() { "/".to_string() } else { path };
    let search = query.len() > 1;
    let hash = fragment.is_some_and(|f| !f.is_empty());
    Parse::Http { scheme, host, path, sensitive: !user.is_empty() || !password.is_empty() || search || hash }
}

fn hex(p: &str) -> Option<&str> {
    p.strip_prefix("0x").or_else(|| p.strip_prefix("0X"))
}

/// The WHATWG IPv4 parser: `None` when the host does not end in a number (a domain),
/// `Some(None)` when it does but is no address (a parse failure), else the dotted address.
fn ipv4(host: &str) -> Option<Option<String>> {
    let mut parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    let numeric = !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit())
        || hex(last).is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
    if !numeric {
        return None;
    }
    let number = |p: &str| -> Option<u64> {
        let (digits, radix) = match hex(p) {
            Some(h) => (h, 16),
            None if p.len() > 1 && p.starts_with('0') => (&p[1..], 8),
            None => (p, 10),
        };
        if digits.is_empty() {
            return (radix != 10).then_some(0);
        }
        if digits.len() > 20 {
            return None;
        }
        u64::from_str_radix(digits, radix).ok()
    };
    let Some(numbers) = parts.iter().map(|p| number(p)).collect::<Option<Vec<u64>>>() else { return Some(None) };
    let n = numbers.len();
    if n > 4 || numbers[..n - 1].iter().any(|&x| x > 255) || numbers[n - 1] >= 256u64.pow(5 - n as u32) {
        return Some(None);
    }
    let mut address = numbers[n - 1];
    for (i, &x) in numbers[..n - 1].iter().enumerate() {
        address += x << (8 * (3 - i));
    }
    Some(Some(format!("{}.{}.{}.{}", address >> 24, (address >> 16) & 255, (address >> 8) & 255, address & 255)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn js_redacts_only_sensitive_urls() {
        assert_eq!(super::js("github").as_deref(), Some("github"));
        assert_eq!(super::js("sse: https://example.com/mcp").as_deref(), Some("sse: https://example.com/mcp"));
        assert_eq!(
            super::js("sse: https://user:pw@Example.com:443/mcp?token=1").as_deref(),
            Some("sse: https://example.com/mcp")
        );
        assert_eq!(super::js("https://example.com/mcp#frag").as_deref(), Some("https://example.com/mcp"));
        assert_eq!(super::js("http://").as_deref(), Some("<redacted endpoint>"));
        assert_eq!(super::js("sse: nothing").as_deref(), Some("sse: <redacted endpoint>"));
        assert_eq!(super::js("https://h/é x?q").as_deref(), Some("https://h/%C3%A9%20x"));
        assert_eq!(super::js("http://4?k").as_deref(), Some("http://0.0.0.4/"));
        assert_eq!(super::js("http://1.0x10.010.1#f").as_deref(), Some("http://1.16.8.1/"));
        assert_eq!(super::js("http://1.256.1.1").as_deref(), Some("<redacted endpoint>"));
    }

    #[test]
    fn python_rebuilds_every_http_url() {
        assert_eq!(
            super::python("https://user:pw@Example.com:8443/mcp?token=x#frag").as_deref(),
            Some("https://example.com:8443/mcp")
        );
        assert_eq!(super::python("sse: https://h/sse?k=v").as_deref(), Some("sse: https://h/sse"));
        assert_eq!(super::python("https://bad host/").as_deref(), Some("<invalid-url>"));
        assert_eq!(super::python("stdio: npx server").as_deref(), Some("stdio: npx server"));
        assert_eq!(super::python("http://").as_deref(), Some("<invalid-url>"));
    }
}
