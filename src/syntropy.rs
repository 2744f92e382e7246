//! Syntropy's files and layers: the tool-state file (`~/.syntropy/tool-state.json`), Claude
//! Code's allow-list of Syntropy tools, and the layers of a Syntropy name (exposed name, pool,
//! backend prefix, backend tool). Syntropy names themselves are [`Convention::Syntropy`](crate::Convention::Syntropy).

pub use crate::convention::syntropy::{allow_entries, check_allow_list, layers, Layers, ToolState};
