//! What passes from an upstream to the clients: its notifications and its results, with every
//! URI they carry in the form the client reads it back through the gateway.

use super::shape;
use super::{NotificationDecision, ResultDecision};
use crate::diagnostic::Error;
use crate::router::notify::Notice;
use crate::router::probe::{first, Edit, Found, Scalar};
use crate::router::Router;

impl Router {
    /// What to do with a notification `server` sent, from what [`Probe::Notification`](crate::router::probe::Probe::Notification) found in it.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a notification that is not an object with a
    /// string `method`.
    pub fn decide_notification(&mut self, server: &str, found: &[Found]) -> Result<NotificationDecision, Error> {
        self.server_index(server)?;
        shape::object(found, "notification")?;
        let method = shape::string(found, 1, "notification.method")?;
        Ok(match Notice::of(method) {
            Notice::Forward => NotificationDecision::Forward { edits: Vec::new() },
            Notice::Relist(list) => NotificationDecision::Relist { list },
            Notice::ResourceUpdated => {
                let mut edits = Vec::new();
                if let Some(f) = found.iter().find(|f| f.pattern == 2) {
                    if let Scalar::String(uri) = &f.value {
                        let exposed = self.rewrite_uri(server, uri)?;
                        if exposed != *uri {
                            edits.push(Edit::string(f.path.clone(), exposed));
                        }
                    }
                }
                NotificationDecision::Forward { edits }
            }
        })
    }

    /// What to do with a `tools/call`, `resources/read` or `prompts/get` result from `server`,
    /// from what [`Probe::Result`](crate::router::probe::Probe::Result) found in it: every URI it
    /// carries in the form the client can read back through the gateway
    /// ([`Router::rewrite_uri`]), nothing else touched.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a result that is not an object.
    pub fn decide_result(&mut self, server: &str, found: &[Found]) -> Result<ResultDecision, Error> {
        self.server_index(server)?;
        match first(found, 0) {
            Some(Scalar::Object) => {}
            Some(other) => return Err(shape::wrong("result", crate::dialect::JsonType::Object, other)),
            None => return Err(shape::missing("result")),
        }
        let mut edits = Vec::new();
        for f in found.iter().filter(|f| f.pattern > 0) {
            let Scalar::String(uri) = &f.value else { continue };
            let exposed = self.rewrite_uri(server, uri)?;
            if exposed != *uri {
                edits.push(Edit::string(f.path.clone(), exposed));
            }
        }
        Ok(ResultDecision { edits, input_required: false })
    }
}
