//! The dice roll and the capture are animated; with "reduce flashing" the dice are a
//! still reveal and the capture does not blink; A skips a show, the CPU's too.

mod common;

use chek_cartridge::games::chek::play::{CAPTURE_MS, ROLL_MS};
use chek_cartridge::App;
use chek_desktop::driver::{Driver, FRAME_MS};
use chek_ui::Buttons;

/// Starts four-sides, plays South b1-b2, and has West attack it from a2 (the tour's
/// opening); returns the frames drawn during the conflict's show.
fn conflict_frames(reduce_flashing: bool) -> Vec<chek_ui::Frame> {
    let mut app = App::new(1);
    assert!(app.choose("chek", None, Some("four-sides")));
    let mut driver = Driver::new(app);
    driver.reduce_flashing = reduce_flashing;
    driver.press(Buttons::A);
    for _ in 0..6 {
        driver.press(Buttons::DOWN);
    }
    for b in [Buttons::A, Buttons::LEFT, Buttons::LEFT, Buttons::A, Buttons::A, Buttons::A] {
        driver.press(b);
    }
    // West aims at b2; A attacks.
    driver.frame(chek_ui::Input::push(Buttons::A));
    assert!(driver.app.animating());
    let mut frames = Vec::new();
    while driver.app.animating() {
        frames.push(driver.render());
        driver.idle();
    }
    frames
}

/// How many times the pixels in the box change from one frame to the next.
fn changes(frames: &[chek_ui::Frame], x: std::ops::Range<usize>, y: std::ops::Range<usize>) -> usize {
    frames
        .windows(2)
        .filter(|w| x.clone().any(|px| y.clone().any(|py| w[0].is_black(px, py) != w[1].is_black(px, py))))
        .count()
}

#[test]
fn the_show_lasts_the_roll_and_the_capture() {
    let frames = conflict_frames(false);
    let expected = ((ROLL_MS + CAPTURE_MS) / FRAME_MS) as usize;
    assert!((expected - 1..=expected + 2).contains(&frames.len()), "{} frames", frames.len());
}

#[test]
fn reduce_flashing_calms_the_dice_and_the_capture() {
    let normal = conflict_frames(false);
    let calm = conflict_frames(true);
    // The dice, in the panel.
    let dice = (240..310, 100..140);
    let (dice_normal, dice_calm) = (changes(&normal, dice.0.clone(), dice.1.clone()), changes(&calm, dice.0, dice.1));
    assert!(dice_normal >= 8, "the dice tumble: {dice_normal}");
    assert!(dice_calm <= 2, "a still reveal: blank dice, then the roll ({dice_calm} changes)");
    // The capture: West's a2 piece loses; it blinks normally, only shrinks when calm.
    let a2 = (13..39, 160..186);
    let (capture_normal, capture_calm) = (changes(&normal, a2.0.clone(), a2.1.clone()), changes(&calm, a2.0, a2.1));
    let blinks = |frames: &[chek_ui::Frame]| {
        frames
            .iter()
            .filter(|f| (16..36).all(|x| (163..183).all(|y| !f.is_black(x, y) || (x + y) % 4 == 0 && y % 2 == 0)))
            .count()
    };
    assert!(blinks(&normal) >= 2, "the losing piece blinks out");
    assert_eq!(blinks(&calm[..calm.len() - 2]), 0, "no blinking with reduce flashing");
    assert!(capture_normal > 0 && capture_calm > 0, "both animate: {capture_normal} {capture_calm}");
}

/// A chain attack from `position` (chain state) through the play screen: A on the
/// first option. Returns the frames of the show and what was played.
fn chain_show(position: &str, seed: u64) -> (Vec<chek_ui::Frame>, chek_rules::Played) {
    use chek_cartridge::games::chek::play::ChekPlay;
    use chek_ui::{Command, Play, SeatKind, View};
    let position: chek_rules::Position = position.parse().unwrap();
    let mut play =
        ChekPlay::new(chek_rules::Record::new(position, seed), chek_rules::Setup::Duel, SeatKind::PEOPLE, seed);
    play.update(&Command { a: true, ..Command::default() }, 0);
    let played = play.line().last.expect("the chain attack was played");
    let mut frames = Vec::new();
    let mut now = 0;
    while play.busy(now) {
        let mut frame = chek_ui::Frame::new();
        play.draw(&mut frame, &View { now, ..View::default() });
        frames.push(frame);
        now += FRAME_MS;
    }
    (frames, played)
}

#[test]
fn a_lost_chain_attack_shows_its_capture_too() {
    // South's active d5 attacks e6 (+1). Whichever side loses, its piece shrinks and
    // blinks away; before, a lost chain attack (the losing piece is the active one)
    // showed no capture at all.
    let mut outcomes = std::collections::HashSet::new();
    for seed in 0..12 {
        let (frames, played) = chain_show("7N/8/4N3/3S4/8/8/8/S7 SN N 1,0 chain:S@d5", seed);
        let (loser, square) = played.loss().unwrap();
        outcomes.insert(loser);
        // The losing square's pixels change during the capture (after the roll).
        let x = 13 + square.file() as usize * 26;
        let y = 4 + (7 - square.rank() as usize) * 26;
        let capture = &frames[(ROLL_MS / FRAME_MS) as usize..];
        assert!(changes(capture, x..x + 26, y..y + 26) >= 3, "seed {seed}: {loser:?} on {square} fades");
    }
    assert_eq!(outcomes.len(), 2, "both outcomes were seen");
}

/// The CPU's attacks show their dice too, and A skips the show at every level.
#[test]
fn a_skips_the_cpus_dice_at_every_level() {
    for rights in [1, 2, 3] {
        let mut driver = Driver::new(App::new(3));
        crate::common::start_with(
            &mut driver,
            chek_rules::Setup::FourSides,
            chek_rules::Variant::Standard,
            &[rights; 4],
        );
        let mut skipped = false;
        for _ in 0..20_000 {
            driver.idle();
            let showing = crate::common::session(&driver.app).showing(driver.now).is_some();
            if showing {
                driver.press(Buttons::A);
                assert!(crate::common::session(&driver.app).showing(driver.now).is_none(), "A skipped the show");
                skipped = true;
                break;
            }
        }
        let play = crate::common::session(&driver.app);
        assert!(skipped, "a CPU {rights} attacked: {} {:?}", play.position(), play.session.kinds);
    }
}
