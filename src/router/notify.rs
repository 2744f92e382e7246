//! What a gateway does with a notification an upstream sends: which carry a name or URI the
//! client knows under its gateway form, which mean "list me again", and which pass as they are.

/// A list a gateway keeps merged from its upstreams (serialized as its id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Listed {
    /// `tools/list`.
    Tools,
    /// `prompts/list`.
    Prompts,
    /// `resources/list` and `resources/templates/list`.
    Resources,
}

impl Listed {
    /// `tools`, `prompts`, `resources`.
    pub const fn id(self) -> &'static str {
        match self {
            Listed::Tools => "tools",
            Listed::Prompts => "prompts",
            Listed::Resources => "resources",
        }
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Listed {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Listed".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "enum": ["tools", "prompts", "resources"] })
    }
}

impl serde::Serialize for Listed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for Listed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Listed, D::Error> {
        const IDS: &[&str] = &["tools", "prompts", "resources"];
        let id = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        [Listed::Tools, Listed::Prompts, Listed::Resources]
            .into_iter()
            .find(|l| l.id() == id)
            .ok_or_else(|| serde::de::Error::unknown_variant(&id, IDS))
    }
}

/// What to do with an upstream's notification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Notice {
    /// Forward it untouched: progress, logging, cancellation, and anything this router does not
    /// know (a notification it cannot read is never dropped).
    Forward,
    /// `notifications/resources/updated`: forward it with `params.uri` in its gateway form
    /// ([`Router::rewrite_uri`](super::Router::rewrite_uri)).
    ResourceUpdated,
    /// `notifications/<list>/list_changed`: list that server's `<list>` again, expose it, and tell
    /// the clients only if the merged list changed (the upstream's own notification is not
    /// forwarded: its list is not the client's).
    Relist(Listed),
}

impl Notice {
    /// The action for a notification `method`.
    ///
    /// ```
    /// use mcp_naming::router::{Listed, Notice};
    /// assert_eq!(Notice::of("notifications/tools/list_changed"), Notice::Relist(Listed::Tools));
    /// assert_eq!(Notice::of("notifications/resources/updated"), Notice::ResourceUpdated);
    /// assert_eq!(Notice::of("notifications/progress"), Notice::Forward);
    /// ```
    pub fn of(method: &str) -> Notice {
        match method {
            "notifications/resources/updated" => Notice::ResourceUpdated,
            "notifications/tools/list_changed" => Notice::Relist(Listed::Tools),
            "notifications/prompts/list_changed" => Notice::Relist(Listed::Prompts),
            "notifications/resources/list_changed" => Notice::Relist(Listed::Resources),
            _ => Notice::Forward,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_and_request_scoped_notifications_pass() {
        for m in [
            "notifications/message",
            "notifications/progress",
            "notifications/cancelled",
            "notifications/elicitation/complete",
            "notifications/tools/list_changed ",
            "",
        ] {
            assert_eq!(Notice::of(m), Notice::Forward, "{m:?}");
        }
        assert_eq!(Notice::of("notifications/prompts/list_changed"), Notice::Relist(Listed::Prompts));
        assert_eq!(Notice::of("notifications/resources/list_changed"), Notice::Relist(Listed::Resources));
        assert_eq!(Listed::Resources.id(), "resources");
    }
}
