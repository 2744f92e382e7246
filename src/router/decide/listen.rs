//! `subscriptions/listen` (MCP 2026-07-28): a client opens a long-lived stream with a filter
//! (`toolsListChanged`, `promptsListChanged`, `resourcesListChanged`, `resourceSubscriptions`),
//! and every notification on it carries the listen request's id under
//! `io.modelcontextprotocol/subscriptionId`.
//!
//! Behind a gateway the lists a client sees are the gateway's own (merged): their changes are
//! the gateway's to announce, after it listed an upstream again ([`Router::listen_notice`]),
//! and the gateway hears of an upstream's list changes on a stream of its own to that upstream
//! ([`Router::control_listen`]). A client's stream therefore opens upstream streams only for its
//! resource subscriptions: each URI routed to its server and written as that server knows it,
//! one upstream stream per server (a session's `resources/subscribe` for an upstream of
//! 2025-11-25), whose `resources/updated` come back with the URI in the client's form and the
//! client's subscription id ([`Router::decide_listened`]). The acknowledgement says what every
//! upstream acknowledged ([`ListenDecision::acknowledge`]).

use super::{shape, NotificationDecision};
use crate::diagnostic::{Code, Error, Span};
use crate::json::Json;
use crate::router::notify::Listed;
use crate::router::probe::{first, Edit, Found, Scalar, Step};
use crate::router::revision::{Era, SUBSCRIPTION_ID};
use crate::router::Router;
use serde::{Deserialize, Serialize};

fn is_false(b: &bool) -> bool {
    !*b
}

/// A notification filter, as `subscriptions/listen` and its acknowledgement carry it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SubscriptionFilter {
    /// `notifications/tools/list_changed`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tools_list_changed: bool,
    /// `notifications/prompts/list_changed`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub prompts_list_changed: bool,
    /// `notifications/resources/list_changed`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resources_list_changed: bool,
    /// `notifications/resources/updated` of these URIs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_subscriptions: Vec<String>,
}

impl SubscriptionFilter {
    /// The filter [`Probe::Listen`](crate::router::probe::Probe::Listen) found in a
    /// `subscriptions/listen` request's params (or an acknowledgement's).
    ///
    /// # Errors
    /// `invalid_argument`, with the path, for params that are not an object, a filter missing
    /// or not an object, a flag that is not a boolean, subscriptions that are not strings.
    pub fn from_found(found: &[Found]) -> Result<SubscriptionFilter, Error> {
        shape::object(found, "params")?;
        match first(found, 1) {
            Some(Scalar::Object) => {}
            Some(other) => return Err(shape::wrong("params.notifications", crate::dialect::JsonType::Object, other)),
            None => return Err(shape::missing("params.notifications")),
        }
        let flag = |pattern: u8, name: &str| match first(found, pattern) {
            None | Some(Scalar::Null) => Ok(false),
            Some(Scalar::Boolean(b)) => Ok(*b),
            Some(other) => {
                Err(shape::wrong(&format!("params.notifications.{name}"), crate::dialect::JsonType::Boolean, other))
            }
        };
        let resource_subscriptions = match first(found, 5) {
            None | Some(Scalar::Null) => Vec::new(),
            Some(Scalar::Array) => found
                .iter()
                .filter(|f| f.pattern == 6)
                .map(|f| match (&f.value, f.path.last()) {
                    (Scalar::String(s), _) => Ok(s.clone()),
                    (other, Some(Step::Index(i))) => Err(shape::wrong(
                        &format!("params.notifications.resourceSubscriptions[{i}]"),
                        crate::dialect::JsonType::String,
                        other,
                    )),
                    (other, _) => Err(shape::wrong(
                        "params.notifications.resourceSubscriptions[]",
                        crate::dialect::JsonType::String,
                        other,
                    )),
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(shape::wrong(
                    "params.notifications.resourceSubscriptions",
                    crate::dialect::JsonType::Array,
                    other,
                ))
            }
        };
        Ok(SubscriptionFilter {
            tools_list_changed: flag(2, "toolsListChanged")?,
            prompts_list_changed: flag(3, "promptsListChanged")?,
            resources_list_changed: flag(4, "resourcesListChanged")?,
            resource_subscriptions,
        })
    }

    /// Whether it asks for `list`'s changes.
    pub fn wants(&self, list: Listed) -> bool {
        match list {
            Listed::Tools => self.tools_list_changed,
            Listed::Prompts => self.prompts_list_changed,
            Listed::Resources => self.resources_list_changed,
        }
    }

    /// Whether it asks for nothing at all.
    pub fn is_empty(&self) -> bool {
        *self == SubscriptionFilter::default()
    }
}

/// What the gateway asks an upstream for a client's stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase", tag = "open")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum UpstreamListen {
    /// A `subscriptions/listen` of its own to a 2026-07-28 upstream with this filter (URIs as
    /// the upstream knows them); its notifications go to [`Router::decide_listened`].
    #[serde(rename_all = "camelCase")]
    Listen {
        /// The upstream server.
        server: String,
        /// The filter.
        notifications: SubscriptionFilter,
    },
    /// A `resources/subscribe` of each URI on the session of an upstream of 2025-11-25 and
    /// before (and `resources/unsubscribe` when the client's stream closes).
    #[serde(rename_all = "camelCase")]
    Subscribe {
        /// The upstream server.
        server: String,
        /// The URIs as the upstream knows them.
        uris: Vec<String>,
    },
}

/// A client URI of a stream, and where it lives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListenedUri {
    /// As the client wrote it.
    pub uri: String,
    /// Its server.
    pub server: String,
    /// As the server knows it.
    pub upstream: String,
}

/// What to do with a client's `subscriptions/listen`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ListenDecision {
    /// The upstream streams (or subscriptions) to open, in configuration order.
    pub upstreams: Vec<UpstreamListen>,
    /// The list changes the gateway will announce on the stream (no URI: those are the
    /// upstreams' to acknowledge).
    pub lists: SubscriptionFilter,
    /// Each subscribed URI, and where it lives.
    pub uris: Vec<ListenedUri>,
}

impl ListenDecision {
    /// The client's acknowledgement, once the upstreams answered: the list changes the gateway
    /// announces, and the URIs whose upstream acknowledged them (`acks`: each upstream's
    /// acknowledged filter; for a subscription, the URIs whose `resources/subscribe`
    /// succeeded). A URI no upstream acknowledged is left out, as the revision says of what a
    /// server does not support.
    pub fn acknowledge(&self, acks: &[(String, SubscriptionFilter)]) -> SubscriptionFilter {
        let honoured = |u: &ListenedUri| {
            acks.iter().any(|(server, f)| *server == u.server && f.resource_subscriptions.contains(&u.upstream))
        };
        let mut out = self.lists.clone();
        out.resource_subscriptions = self.uris.iter().filter(|u| honoured(u)).map(|u| u.uri.clone()).collect();
        out
    }
}

/// The text of a client's `subscriptions/listen` params that an error of
/// [`Router::decide_listen`] is about (the subscribed URI it names), for a host to count the
/// error's span in its own units; `""` for an error about no text of the params.
///
/// ```
/// use mcp_naming::Json;
/// use mcp_naming::router::decide::listen_subject;
/// use mcp_naming::router::probe::{find, probes, Probe};
/// use mcp_naming::router::Gateway;
///
/// let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
/// let gateway = Gateway::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "files" }] }"#)).unwrap();
/// let params = json(r#"{ "notifications": { "resourceSubscriptions": ["note://c"] } }"#);
/// let found = find(&params, probes(Probe::Listen));
/// let e = gateway.router().decide_listen(&found).unwrap_err();
/// assert_eq!(listen_subject(&found, &e), "note://c");
/// assert_eq!((e.diagnostics[0].span.start, e.diagnostics[0].span.end), (0, 8));
/// ```
pub fn listen_subject<'f>(found: &'f [Found], error: &Error) -> &'f str {
    error
        .diagnostics
        .first()
        .and_then(|d| {
            found.iter().filter_map(|f| f.value.as_str()).find(|t| d.span.start == 0 && d.span.end == t.len())
        })
        .unwrap_or("")
}

impl Router {
    /// What to do with a client's `subscriptions/listen`, from what
    /// [`Probe::Listen`](crate::router::probe::Probe::Listen) found in its params: the list
    /// changes the gateway announces (those some upstream announces to it), and per server the
    /// resource subscriptions to open there, the URIs as the server knows them.
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::decide::{Answered, UpstreamListen};
    /// use mcp_naming::router::probe::{find, probes, Probe};
    /// use mcp_naming::router::{Gateway, OnInvalid};
    ///
    /// let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
    /// let mut gateway = Gateway::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "files" }] }"#)).unwrap();
    /// gateway.upstream_answered("files", &json(r#"{ "supportedVersions": ["2026-07-28"], "capabilities": { "resources": { "subscribe": true } } }"#), false).unwrap();
    /// gateway.expose_resources("files", &json(r#"{ "resources": [{ "uri": "file:///a.txt", "name": "a" }] }"#), OnInvalid::Throw).unwrap();
    /// let params = json(r#"{ "notifications": { "toolsListChanged": true, "resourceSubscriptions": ["file:///a.txt"] } }"#);
    /// let d = gateway.router().decide_listen(&find(&params, probes(Probe::Listen))).unwrap();
    /// assert!(!d.lists.tools_list_changed); // no upstream announces tool list changes
    /// assert!(matches!(&d.upstreams[0], UpstreamListen::Listen { server, notifications } if server == "files" && notifications.resource_subscriptions == ["file:///a.txt"]));
    /// ```
    ///
    /// # Errors
    /// As [`SubscriptionFilter::from_found`]; for a subscribed URI, the errors of
    /// [`Router::resource_target`] (`unknown_resource` with suggestions, a disabled resource).
    pub fn decide_listen(&self, found: &[Found]) -> Result<ListenDecision, Error> {
        let asked = SubscriptionFilter::from_found(found)?;
        let announced = |capability: &str| self.recorded().any(|(_, u)| u.flag(capability, "listChanged"));
        let lists = SubscriptionFilter {
            tools_list_changed: asked.tools_list_changed && announced("tools"),
            prompts_list_changed: asked.prompts_list_changed && announced("prompts"),
            resources_list_changed: asked.resources_list_changed && announced("resources"),
            resource_subscriptions: Vec::new(),
        };
        let mut uris: Vec<ListenedUri> = Vec::new();
        for uri in &asked.resource_subscriptions {
            let t = self.resource_target(uri, None)?;
            if !uris.iter().any(|u| u.uri == *uri) {
                uris.push(ListenedUri { uri: uri.clone(), server: t.server, upstream: t.upstream });
            }
        }
        let mut upstreams = Vec::new();
        for (si, s) in self.c.servers.iter().enumerate() {
            let mut mine: Vec<String> =
                uris.iter().filter(|u| u.server == s.name).map(|u| u.upstream.clone()).collect();
            mine.dedup();
            if mine.is_empty() {
                continue;
            }
            // An upstream that said it cannot subscribe is not asked (its URIs go unacknowledged).
            match self.upstream(si) {
                Some(u) if !u.flag("resources", "subscribe") => continue,
                Some(u) if u.era == Era::Legacy => {
                    upstreams.push(UpstreamListen::Subscribe { server: s.name.clone(), uris: mine })
                }
                _ => upstreams.push(UpstreamListen::Listen {
                    server: s.name.clone(),
                    notifications: SubscriptionFilter { resource_subscriptions: mine, ..SubscriptionFilter::default() },
                }),
            }
        }
        Ok(ListenDecision { upstreams, lists, uris })
    }

    /// The gateway's own stream to upstream `server` for the list changes it announces (so that
    /// it lists the server again): `None` for an upstream of 2025-11-25 and before (its
    /// session's notifications say it), or one that announces no list change.
    ///
    /// # Errors
    /// `unknown_server`.
    pub fn control_listen(&self, server: &str) -> Result<Option<SubscriptionFilter>, Error> {
        let si = self.server_index(server)?;
        let Some(u) = self.upstream(si).filter(|u| u.era == Era::Modern) else { return Ok(None) };
        let filter = SubscriptionFilter {
            tools_list_changed: u.flag("tools", "listChanged"),
            prompts_list_changed: u.flag("prompts", "listChanged"),
            resources_list_changed: u.flag("resources", "listChanged"),
            resource_subscriptions: Vec::new(),
        };
        Ok((!filter.is_empty()).then_some(filter))
    }

    /// What to do with a notification upstream `server` sent on a stream the gateway opened for
    /// a client's stream whose id is `subscription`: an acknowledgement is the host's to collect
    /// ([`ListenDecision::acknowledge`]), a `resources/updated` goes to that client with the URI
    /// in its form and its subscription id, a list change is listed again as ever.
    ///
    /// # Errors
    /// As [`Router::decide_notification`]; `invalid_argument` for a subscription id that is
    /// not a string or a number.
    pub fn decide_listened(
        &mut self,
        server: &str,
        found: &[Found],
        subscription: &Json,
    ) -> Result<NotificationDecision, Error> {
        check_id(subscription)?;
        shape::object(found, "notification")?;
        if shape::string(found, 1, "notification.method")? == "notifications/subscriptions/acknowledged" {
            self.server_index(server)?;
            return Ok(NotificationDecision::Acknowledged);
        }
        Ok(match self.decide_notification(server, found)? {
            NotificationDecision::Forward { mut edits } => {
                edits.push(tag(subscription));
                NotificationDecision::Forward { edits }
            }
            other => other,
        })
    }

    /// The gateway's own `notifications/<list>/list_changed` for a client's stream whose id is
    /// `subscription` (send it to the streams whose acknowledged filter
    /// [wants](SubscriptionFilter::wants) the list).
    pub fn listen_notice(&self, list: Listed, subscription: &Json) -> Json {
        let meta = Json::Object(vec![(SUBSCRIPTION_ID.to_string(), subscription.clone())]);
        Json::Object(vec![
            ("method".to_string(), Json::String(format!("notifications/{}/list_changed", list.id()))),
            ("params".to_string(), Json::Object(vec![("_meta".to_string(), meta)])),
        ])
    }
}

/// The edit that tags a notification with a client's subscription id.
fn tag(subscription: &Json) -> Edit {
    Edit::new(vec![Step::key("params"), Step::key("_meta"), Step::key(SUBSCRIPTION_ID)], subscription.clone())
}

/// A subscription id must be a JSON-RPC id: a string or a number.
fn check_id(id: &Json) -> Result<(), Error> {
    match id {
        Json::String(_) | Json::Number(_) => Ok(()),
        other => Err(Error::new(
            Code::InvalidArgument,
            Span::default(),
            format!("a subscription id is the listen request's id, a string or a number, got {}", other.described()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::router::probe::{find, probes, Probe};
    use crate::router::OnInvalid;

    fn json(s: &str) -> Json {
        serde_json::from_str(s).unwrap()
    }

    fn gateway() -> crate::router::Gateway {
        let mut g = crate::router::Gateway::from_json(&json(
            r#"{ "style": "claude", "servers": [{ "name": "files" }, { "name": "notes" }, { "name": "old" }, { "name": "mute" }] }"#,
        ))
        .unwrap();
        let modern =
            |caps: &str| json(&format!(r#"{{ "supportedVersions": ["2026-07-28"], "capabilities": {caps} }}"#));
        g.upstream_answered("files", &modern(r#"{ "resources": { "subscribe": true, "listChanged": true } }"#), false)
            .unwrap();
        g.upstream_answered(
            "notes",
            &modern(r#"{ "resources": { "subscribe": true }, "tools": { "listChanged": true } }"#),
            false,
        )
        .unwrap();
        g.upstream_answered(
            "old",
            &json(r#"{ "protocolVersion": "2025-11-25", "capabilities": { "resources": { "subscribe": true } } }"#),
            true,
        )
        .unwrap();
        g.upstream_answered("mute", &modern(r#"{ "resources": {} }"#), false).unwrap();
        for (server, uri) in [("files", "file:///a"), ("notes", "note://b"), ("old", "note://b"), ("mute", "mute://c")]
        {
            g.expose_resources(
                server,
                &json(&format!(r#"{{ "resources": [{{ "uri": "{uri}", "name": "x" }}] }}"#)),
                OnInvalid::Throw,
            )
            .unwrap();
        }
        g
    }

    fn listen(g: &crate::router::Gateway, params: &str) -> Result<ListenDecision, Error> {
        g.router().decide_listen(&find(&json(params), probes(Probe::Listen)))
    }

    #[test]
    fn subscriptions_are_split_per_upstream_with_their_own_uris() {
        let g = gateway();
        let uris: Vec<String> = ["file:///a", "note://b", "mute://c"]
            .iter()
            .map(|u| g.router().resource_target(u, None).map(|t| t.server).unwrap())
            .collect();
        assert_eq!(uris, ["files", "notes", "mute"]);
        // The old server's note://b collides with notes': it is listed in its gateway form.
        let old = g.list_resources(None, None).unwrap().get("resources").unwrap().as_array().unwrap()[2]
            .get("uri")
            .unwrap()
            .as_str()
            .unwrap()
            .to_string();
        let params = format!(
            r#"{{ "notifications": {{ "toolsListChanged": true, "promptsListChanged": true, "resourcesListChanged": true, "resourceSubscriptions": ["note://b", "file:///a", "{old}", "mute://c", "file:///a"] }} }}"#
        );
        let d = listen(&g, &params).unwrap();
        assert_eq!(
            d.lists,
            SubscriptionFilter {
                tools_list_changed: true,
                resources_list_changed: true,
                ..SubscriptionFilter::default()
            }
        );
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            d.upstreams,
            [
                UpstreamListen::Listen {
                    server: "files".into(),
                    notifications: SubscriptionFilter {
                        resource_subscriptions: s(&["file:///a"]),
                        ..Default::default()
                    }
                },
                UpstreamListen::Listen {
                    server: "notes".into(),
                    notifications: SubscriptionFilter {
                        resource_subscriptions: s(&["note://b"]),
                        ..Default::default()
                    }
                },
                UpstreamListen::Subscribe { server: "old".into(), uris: s(&["note://b"]) },
            ]
        );
        // Acknowledged: what each upstream acknowledged, in the client's form; mute's never asked.
        let ack = d.acknowledge(&[
            ("files".into(), SubscriptionFilter { resource_subscriptions: s(&["file:///a"]), ..Default::default() }),
            ("old".into(), SubscriptionFilter { resource_subscriptions: s(&["note://b"]), ..Default::default() }),
            ("notes".into(), SubscriptionFilter::default()),
        ]);
        assert_eq!(ack.resource_subscriptions, s(&["file:///a", old.as_str()]));
        assert!(ack.tools_list_changed && !ack.prompts_list_changed);
    }

    #[test]
    fn unknown_uris_and_bad_filters_are_refused_as_ever() {
        let g = gateway();
        let e = listen(&g, r#"{ "notifications": { "resourceSubscriptions": ["file:///b"] } }"#).unwrap_err();
        assert_eq!(e.code, Code::UnknownResource);
        for (params, message) in [
            (r#"[]"#, "params must be an object, got an array"),
            (r#"{}"#, "params.notifications is missing"),
            (
                r#"{ "notifications": { "toolsListChanged": 1 } }"#,
                "params.notifications.toolsListChanged must be a boolean, got a number",
            ),
            (
                r#"{ "notifications": { "resourceSubscriptions": "file:///a" } }"#,
                "params.notifications.resourceSubscriptions must be an array, got a string",
            ),
            (
                r#"{ "notifications": { "resourceSubscriptions": ["file:///a", 2] } }"#,
                "params.notifications.resourceSubscriptions[1] must be a string, got a number",
            ),
        ] {
            assert_eq!(listen(&g, params).unwrap_err().message, message, "{params}");
        }
        assert!(listen(&g, r#"{ "notifications": {} }"#).unwrap().upstreams.is_empty());
    }

    #[test]
    fn upstream_notifications_are_tagged_with_the_clients_subscription() {
        let mut g = gateway();
        let r = g.router_mut();
        let id = Json::Number(7.0);
        let n = json(
            r#"{ "method": "notifications/resources/updated", "params": { "uri": "note://b", "_meta": { "io.modelcontextprotocol/subscriptionId": "up-1" } } }"#,
        );
        let d = r.decide_listened("old", &find(&n, probes(Probe::Notification)), &id).unwrap();
        let NotificationDecision::Forward { edits } = d else { panic!("{d:?}") };
        let out = crate::router::probe::apply(&n, &edits);
        assert_eq!(
            out.to_text(),
            r#"{"method":"notifications/resources/updated","params":{"uri":"note://old/b","_meta":{"io.modelcontextprotocol/subscriptionId":7}}}"#
        );
        let ack =
            json(r#"{ "method": "notifications/subscriptions/acknowledged", "params": { "notifications": {} } }"#);
        assert_eq!(
            r.decide_listened("files", &find(&ack, probes(Probe::Notification)), &id).unwrap(),
            NotificationDecision::Acknowledged
        );
        let changed = json(r#"{ "method": "notifications/tools/list_changed" }"#);
        assert!(matches!(
            r.decide_listened("notes", &find(&changed, probes(Probe::Notification)), &id).unwrap(),
            NotificationDecision::Relist { .. }
        ));
        assert_eq!(
            r.listen_notice(Listed::Prompts, &Json::String("s".into())).to_text(),
            r#"{"method":"notifications/prompts/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"s"}}}"#
        );
        assert_eq!(
            r.control_listen("notes").unwrap(),
            Some(SubscriptionFilter { tools_list_changed: true, ..Default::default() })
        );
        assert_eq!(r.control_listen("old").unwrap(), None);
        assert_eq!(r.control_listen("mute").unwrap(), None);
        assert!(check_id(&Json::Null).is_err() && check_id(&id).is_ok());
    }
}
