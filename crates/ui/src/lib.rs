//! The App that hosts the cartridge's games: the screens, the controls and the
//! drawing, the same on the Playdate, the desktop and in tests.
//!
//! `App::update(input, now_ms)` takes one frame of input; `App::draw(frame)` draws the
//! state onto a 400×240 1-bit [`Frame`] in the Playdate's own layout. The App knows
//! the games only through a [`Catalog`] of [`GameInfo`] descriptions and one [`Play`]
//! interface for the game in progress; each game draws its own board with the shared
//! [`widgets`] and a [`layout::BoardLayout`].
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

extern crate alloc;

mod app;
pub mod catalog;
pub mod controls;
pub mod draw;
pub mod frame;
pub mod hint;
pub mod history;
pub mod info;
pub mod input;
pub mod kept;
pub mod layout;
mod overlays;
mod pages;
pub mod play;
pub mod records;
mod rematch;
pub mod save;
pub mod screens;
pub mod session;
mod settings;
mod sheets;
pub mod sound;
pub mod store;
pub mod vocab;
pub mod widgets;

pub use app::files::Slot;
pub use app::menus::{GUARD_MS, NOTICE_MS};
pub use app::App;
pub use catalog::{Art, Catalog, Choice, FirstSeat, GameInfo, Line, Options, RulePage, SeatKind, SetupInfo};
pub use controls::{Command, Dir, CRANK_STEP};
pub use frame::Frame;
pub use input::{Buttons, Input};
pub use play::{
    think_frame, think_slice_of, Clock, Ending, Play, View, CPU_AIM_MS, CPU_HAND_STEP_MS, CPU_SLICE_MS,
    CPU_SLICE_NODES, CPU_THINK_MS,
};
pub use screens::{
    CodeEntry, EntryNote, MenuCommand, NewGameRow, OverItem, Overlay, PauseItem, RulesBack, Screen, TitleItem,
};
pub use vocab::Kinds;
pub use vocab::{LessonStep, Phase};
