//! Random frames for a soak, the same in both hosts: the x86-64 one that loads the
//! Simulator library and the emulator that runs the device binary. A fixed xorshift
//! sequence, so a failing frame can be found again.

use crate::event;

/// One frame of random input.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct RandomFrame {
    /// The buttons down this frame (the Playdate's bits).
    pub held: u32,
    /// The buttons that went down this frame.
    pub pushed: u32,
    /// The buttons that came up this frame.
    pub released: u32,
    /// The crank's change in degrees.
    pub crank: f32,
    /// Dock the crank if it is out, or take it out if it is docked.
    pub toggle_dock: bool,
    /// A system event before the frame: pause, resume, lock or unlock.
    pub event: Option<u32>,
}

/// An endless sequence of random frames: a button about one frame in four, the crank
/// about one in seven, the dock toggled about once in 1,000 frames and a system event
/// about once in 5,000.
#[derive(Clone, Debug)]
pub struct RandomFrames {
    state: u64,
    held: u32,
    frame: u32,
}

impl RandomFrames {
    /// The sequence every soak uses.
    pub const fn new() -> RandomFrames {
        RandomFrames { state: 0x2545_f491_4f6c_dd1d, held: 0, frame: 0 }
    }
}

impl Default for RandomFrames {
    fn default() -> RandomFrames {
        RandomFrames::new()
    }
}

impl Iterator for RandomFrames {
    type Item = RandomFrame;

    fn next(&mut self) -> Option<RandomFrame> {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let r = self.state;
        let now = if r.is_multiple_of(4) { 1 << ((r >> 8) % 6) } else { 0 };
        let frame = RandomFrame {
            held: now,
            pushed: now & !self.held,
            released: self.held & !now,
            crank: if r.is_multiple_of(7) { ((r >> 20) % 240) as f32 - 120.0 } else { 0.0 },
            toggle_dock: r.is_multiple_of(997),
            event: r
                .is_multiple_of(4999)
                .then(|| [event::PAUSE, event::RESUME, event::LOCK, event::UNLOCK][(self.frame % 4) as usize]),
        };
        self.held = now;
        self.frame = self.frame.wrapping_add(1);
        Some(frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frames_press_release_crank_dock_and_send_events() {
        let frames: Vec<RandomFrame> = RandomFrames::new().take(20_000).collect();
        assert!(frames.iter().filter(|f| f.pushed != 0).count() > 2_000);
        assert!(frames.iter().filter(|f| f.crank != 0.0).count() > 1_000);
        assert!(frames.iter().any(|f| f.toggle_dock));
        assert!(frames.iter().any(|f| f.event.is_some()));
        // A button released is one that was held the frame before.
        for pair in frames.windows(2) {
            assert_eq!(pair[1].released & !pair[0].held, 0);
            assert_eq!(pair[1].pushed & pair[0].held, 0);
        }
    }
}
