//! Chek for the Playdate: the platform shell.
//!
//! For now this is a minimal crankstart game that clears the screen; the App and the
//! real shell (input, saving, system events) arrive with the Playdate issue.
#![no_std]

extern crate alloc;

use alloc::boxed::Box;
use anyhow::Error;
use crankstart::graphics::{Graphics, LCDColor, LCDSolidColor};
use crankstart::{crankstart_game, Game, Playdate};

/// The game as crankstart sees it.
struct Chek;

impl Game for Chek {
    fn update(&mut self, _playdate: &mut Playdate) -> Result<(), Error> {
        Graphics::get().clear(LCDColor::Solid(LCDSolidColor::kColorWhite))?;
        Ok(())
    }
}

impl Chek {
    fn new(_playdate: &Playdate) -> Result<Box<Self>, Error> {
        Ok(Box::new(Self))
    }
}

crankstart_game!(Chek);
