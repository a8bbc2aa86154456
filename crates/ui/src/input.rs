//! What the player does in one frame: buttons, crank and system flags, as the Playdate
//! reports them.

/// A set of buttons, with the Playdate's own bits (`PDButtons`).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash, Debug)]
pub struct Buttons(pub u8);

impl Buttons {
    /// No button.
    pub const NONE: Buttons = Buttons(0);
    /// D-pad left.
    pub const LEFT: Buttons = Buttons(1);
    /// D-pad right.
    pub const RIGHT: Buttons = Buttons(2);
    /// D-pad up.
    pub const UP: Buttons = Buttons(4);
    /// D-pad down.
    pub const DOWN: Buttons = Buttons(8);
    /// B: back, cancel, end the chain.
    pub const B: Buttons = Buttons(16);
    /// A: select, confirm.
    pub const A: Buttons = Buttons(32);

    /// Whether every button of `other` is in the set.
    pub const fn contains(self, other: Buttons) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    /// Both sets together.
    #[must_use]
    pub const fn with(self, other: Buttons) -> Buttons {
        Buttons(self.0 | other.0)
    }

    /// Whether no button is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 & 0x3f == 0
    }
}

/// One frame of input.
#[derive(Clone, Copy, PartialEq, Default, Debug)]
pub struct Input {
    /// Buttons down now.
    pub held: Buttons,
    /// Buttons that went down since the last frame.
    pub pushed: Buttons,
    /// Degrees the crank turned since the last frame (negative: anti-clockwise).
    pub crank_change: f32,
    /// Whether the crank is folded away.
    pub crank_docked: bool,
    /// The system's "reduce flashing" setting.
    pub reduce_flashing: bool,
}

impl Input {
    /// A frame in which `buttons` were pushed (and are held).
    pub const fn push(buttons: Buttons) -> Input {
        Input { held: buttons, pushed: buttons, crank_change: 0.0, crank_docked: false, reduce_flashing: false }
    }

    /// A frame in which nothing happens, crank out.
    pub const fn idle() -> Input {
        Input::push(Buttons::NONE)
    }
}
