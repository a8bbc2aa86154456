//! The dice roll and the capture are animated, and calmer with "reduce flashing".

use chek_cartridge::games::chek::play::{CAPTURE_MS, ROLL_MS};
use chek_cartridge::App;
use chek_desktop::driver::{Driver, FRAME_MS};
use chek_ui::Buttons;

/// Starts four-sides, plays South b1-b2, and has West attack it from a2 (the tour's
/// opening); returns the frames drawn during the conflict's show.
fn conflict_frames(reduce_flashing: bool) -> Vec<chek_ui::Frame> {
    let mut app = App::new(1, None);
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
    assert!(dice_calm * 3 <= dice_normal, "calmer: {dice_calm} vs {dice_normal}");
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
