//! A hint: the decision the Hard CPU would take for the seat to act, thought in
//! slices as the CPU's own turn is (each game thinks it with its own CPU turn and
//! answers [`crate::Play::think_hint`]); the App marks it on the board through
//! [`crate::Play::cells_of`].

use alloc::string::String;

/// A frame of a hint's thinking.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HintThought {
    /// Still searching: how far it has got, in percent.
    Thinking(u8),
    /// The decision, in the game's notation (as [`crate::Play::cells_of`] reads it).
    Ready(String),
}

impl HintThought {
    /// The thought of a search that has `decided`, or not yet and is `progress`
    /// percent in.
    pub fn of<A: core::fmt::Display>(decided: Option<A>, progress: impl FnOnce() -> u8) -> HintThought {
        match decided {
            Some(action) => HintThought::Ready(alloc::string::ToString::to_string(&action)),
            None => HintThought::Thinking(progress()),
        }
    }
}
