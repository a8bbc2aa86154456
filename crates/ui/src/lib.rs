//! Chek's App: the screens, the controls and the drawing, the same on the Playdate,
//! the desktop and in tests.
//!
//! `App::update(input, now_ms)` takes one frame of input; `App::draw(frame)` draws the
//! state onto a 400×240 1-bit [`Frame`] in the Playdate's own layout.
#![no_std]
#![deny(missing_docs, missing_debug_implementations, unsafe_code)]

extern crate alloc;

mod app;
mod draw;

pub use draw::{draw_card, draw_icon, draw_launch_image};
pub mod frame;
pub mod input;
pub mod layout;
pub mod save;

pub use app::{
    conflict_winner, App, ChainOption, CodeEntry, Dir, Effect, FirstSeat, MenuCommand, Mode, NewGameRow, Options,
    Overlay, PauseItem, RulesBack, Screen, SeatKind, Session, Show, TitleItem, CAPTURE_MS, CPU_SLICE_NODES, CRANK_STEP,
    ROLL_MS, RULE_PAGES,
};
pub use frame::Frame;
pub use input::{Buttons, Input};
