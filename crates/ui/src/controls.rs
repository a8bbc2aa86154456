//! What one frame of input means on any screen: a D-pad direction (repeating while
//! held), crank steps, A and B. Every game reads the same [`Command`].

use crate::input::{Buttons, Input};

/// Degrees of crank per step.
pub const CRANK_STEP: f32 = 30.0;
/// Degrees of crank per detent of the code entry's dial: a turn for the 32 characters.
pub const DIAL_STEP: f32 = 360.0 / 32.0;
/// Hold a D-pad direction this long before it repeats.
const REPEAT_DELAY_MS: u32 = 300;
/// Then repeat this often.
const REPEAT_EVERY_MS: u32 = 90;

/// A D-pad direction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    /// Up.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

impl Dir {
    const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    const fn button(self) -> Buttons {
        match self {
            Dir::Up => Buttons::UP,
            Dir::Down => Buttons::DOWN,
            Dir::Left => Buttons::LEFT,
            Dir::Right => Buttons::RIGHT,
        }
    }

    /// (columns, rows) moved on a board drawn with row 0 at the bottom: up is +1.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }

    /// +1 for right and down, −1 for left and up: a step through a list.
    pub const fn step(self) -> i32 {
        match self {
            Dir::Right | Dir::Down => 1,
            Dir::Left | Dir::Up => -1,
        }
    }
}

/// One frame's input, as the screens read it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Command {
    /// A D-pad direction pushed this frame, or repeating while held.
    pub dpad: Option<Dir>,
    /// Whole crank steps of [`CRANK_STEP`] degrees (negative: anti-clockwise).
    pub steps: i32,
    /// Whole detents of [`DIAL_STEP`] degrees, for the code entry's dial.
    pub dial: i32,
    /// A was pushed.
    pub a: bool,
    /// B was pushed.
    pub b: bool,
    /// The platform's clock, where the shell gave one (bounds the CPU's slices).
    pub clock: Option<crate::vocab::Clock>,
}

impl Command {
    /// Up/down on the D-pad as +1/−1, plus the crank's steps: turning a value.
    pub fn turn(&self) -> i32 {
        self.steps
            + match self.dpad {
                Some(Dir::Up) => 1,
                Some(Dir::Down) => -1,
                _ => 0,
            }
    }
}

/// Turns frames of [`Input`] into [`Command`]s: keeps the crank's part-steps and the
/// D-pad's repeat timer.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Controls {
    crank: f32,
    dial: f32,
    repeat: Option<(Buttons, u32)>,
}

impl Controls {
    /// The command of `input` at `now` (milliseconds).
    pub fn read(&mut self, input: &Input, now: u32) -> Command {
        let (mut steps, mut dial) = (0, 0);
        if input.crank_change.is_finite() {
            dial = whole_steps(&mut self.dial, input.crank_change, DIAL_STEP);
            steps = whole_steps(&mut self.crank, input.crank_change, CRANK_STEP);
        }
        Command {
            dpad: self.dpad(input, now),
            steps,
            dial,
            a: input.pushed.contains(Buttons::A),
            b: input.pushed.contains(Buttons::B),
            clock: None,
        }
    }

    /// Forgets the part-step of whichever of the crank's two scales the screen does not
    /// use: the dial's on every screen but the code entry, the steps' on it. So each
    /// starts from a whole step when its screen opens.
    pub fn keep_only(&mut self, dial: bool) {
        if dial {
            self.crank = 0.0;
        } else {
            self.dial = 0.0;
        }
    }

    /// A D-pad direction pushed this frame, or repeating while held.
    fn dpad(&mut self, input: &Input, now: u32) -> Option<Dir> {
        for dir in Dir::ALL {
            if input.pushed.contains(dir.button()) {
                self.repeat = Some((dir.button(), now.wrapping_add(REPEAT_DELAY_MS)));
                return Some(dir);
            }
        }
        let (button, at) = self.repeat?;
        if !input.held.contains(button) {
            self.repeat = None;
            return None;
        }
        if now.wrapping_sub(at) < u32::MAX / 2 {
            self.repeat = Some((button, at.wrapping_add(REPEAT_EVERY_MS)));
            return Dir::ALL.into_iter().find(|d| d.button() == button);
        }
        None
    }
}

/// Adds `change` degrees to the part-step in `rest` and takes out the whole steps of
/// `step` degrees it makes (negative: anti-clockwise).
fn whole_steps(rest: &mut f32, change: f32, step: f32) -> i32 {
    *rest += change;
    let mut steps = 0;
    while *rest >= step {
        *rest -= step;
        steps += 1;
    }
    while *rest <= -step {
        *rest += step;
        steps -= 1;
    }
    steps
}

/// Where the crank's `steps` take a hand through `list` from the item `from`: that
/// many places on, wrapping around; from outside the list (`from` is `None` or not in
/// it), its first item turning forward or its last turning back. `None` for an empty
/// list.
pub fn crank_step<T: Copy + PartialEq>(list: &[T], from: Option<T>, steps: i32) -> Option<T> {
    let len = list.len() as i32;
    let index = match from.and_then(|from| list.iter().position(|&x| x == from)) {
        Some(i) => (i as i32 + steps).rem_euclid(len.max(1)),
        None if steps > 0 => 0,
        None => len - 1,
    };
    list.get(usize::try_from(index).ok()?).copied()
}

/// The element `step` places after `current` in `list`, wrapping around.
pub fn cycle<T: Copy + PartialEq>(list: &[T], current: T, step: i32) -> T {
    let index = list.iter().position(|&x| x == current).unwrap_or(0) as i32;
    let len = list.len().max(1) as i32;
    list.get((index + step).rem_euclid(len) as usize).copied().unwrap_or(current)
}

/// The item of a vertical menu `items` after this frame's up or down from `current`;
/// `current` if it is no longer listed becomes `first`.
pub fn menu_choice<T: Copy + PartialEq>(items: &[T], current: T, first: T, command: &Command) -> T {
    let current = if items.contains(&current) { current } else { first };
    match command.dpad {
        Some(dir @ (Dir::Up | Dir::Down)) => neighbour(items, current, dir.step()),
        _ => current,
    }
}

/// The item above (`-1`) or below (`+1`) `current` in `list`, stopping at the ends.
pub fn neighbour<T: Copy + PartialEq>(list: &[T], current: T, step: i32) -> T {
    let index = list.iter().position(|&x| x == current).unwrap_or(0) as i32;
    let last = list.len().saturating_sub(1) as i32;
    list.get((index + step).clamp(0, last) as usize).copied().unwrap_or(current)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crank_steps_through_a_list_and_round() {
        let list = [10, 20, 30];
        assert_eq!(crank_step(&list, Some(10), 1), Some(20));
        assert_eq!(crank_step(&list, Some(30), 1), Some(10), "round to the first");
        assert_eq!(crank_step(&list, Some(10), -1), Some(30), "round to the last");
        assert_eq!(crank_step(&list, Some(20), 5), Some(10));
        assert_eq!(crank_step(&list, None, 2), Some(10), "from outside: the first, turning forward");
        assert_eq!(crank_step(&list, None, -1), Some(30), "or the last, turning back");
        assert_eq!(crank_step(&list, Some(25), 1), Some(10), "from an item not in the list: as from outside");
        assert_eq!(crank_step::<u8>(&[], None, 1), None);
        assert_eq!(crank_step::<u8>(&[], Some(0), 1), None);
    }

    #[test]
    fn the_crank_steps_every_thirty_degrees_and_keeps_the_rest() {
        let mut c = Controls::default();
        let turn = |c: &mut Controls, deg: f32| c.read(&Input { crank_change: deg, ..Input::idle() }, 0).steps;
        assert_eq!(turn(&mut c, 20.0), 0);
        assert_eq!(turn(&mut c, 20.0), 1);
        assert_eq!(turn(&mut c, -75.0), -2);
        assert_eq!(turn(&mut c, f32::NAN), 0);
    }

    #[test]
    fn a_held_direction_repeats_after_a_delay() {
        let mut c = Controls::default();
        let down = Input::push(Buttons::DOWN);
        let held = Input { pushed: Buttons::NONE, ..down };
        assert_eq!(c.read(&down, 0).dpad, Some(Dir::Down));
        assert_eq!(c.read(&held, 100).dpad, None);
        assert_eq!(c.read(&held, 300).dpad, Some(Dir::Down));
        assert_eq!(c.read(&held, 330).dpad, None);
        assert_eq!(c.read(&held, 390).dpad, Some(Dir::Down));
        assert_eq!(c.read(&Input::idle(), 400).dpad, None);
    }

    #[test]
    fn lists_cycle_or_stop_at_their_ends() {
        assert_eq!(cycle(&[1, 2, 3], 3, 1), 1);
        assert_eq!(cycle(&[1, 2, 3], 1, -1), 3);
        assert_eq!(neighbour(&[1, 2, 3], 3, 1), 3);
        assert_eq!(neighbour(&[1, 2, 3], 1, -1), 1);
        assert_eq!(neighbour(&[1, 2, 3], 2, 1), 3);
    }
}
