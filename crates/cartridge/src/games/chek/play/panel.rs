//! Chek's side panel: whose turn, the scores, the odds and dice of a conflict (or, in
//! Chek Simple, the support), what A, B and the crank do; the last-move line; the score
//! sheet.

use alloc::format;

use chek_rules::{Action, Bonus, Position, Seat, Variant, QUIET_END_TURNS, QUIET_SHOWN_FROM};
use chek_ui::widgets::{seat_icon, seat_line};
use chek_ui::widgets::{panel_hints, Hints, 
    disc, fill, line, rounded_box, text, text_centred, text_right, BOLD, INK, LARGE, PAPER, SMALL,
};
use chek_ui::{Frame, View};
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle, Triangle};

use super::board::LAYOUT;
use super::{ChainOption, ChekPlay, Mode, Show};
use crate::games::chek::INFO;

/// Draws the panel beside the board.
pub fn draw(f: &mut Frame, play: &ChekPlay, showing: Option<&Show>, view: &View) {
    let x = crate::duel::panel::MARGIN;
    line(f, Point::zero(), Point::new(0, 239), 1, INK);
    let position = match showing {
        Some(show) => &show.played.before,
        None => play.position(),
    };

    // Whose turn, and who holds control.
    let turn = position.to_move();
    let cpu = |seat: Seat| if play.kinds()[seat].is_cpu() { " (CPU)" } else { "" };
    seat_line(f, &INFO, turn.at_table(), &format!("{}'s turn{}", turn.name(), cpu(turn)), x, 3, BOLD);
    let controller = position.in_control();
    if controller != turn {
        let label = format!("{} in control{}", controller.name(), cpu(controller));
        seat_line(f, &INFO, controller.at_table(), &label, x, 19, SMALL);
    }

    // Scores: points + pieces on the board (C17); the variant, if not Chek's own rules.
    let top = 34;
    let heading = match position.variant() {
        Variant::Standard => "Score (taken + on board)",
        Variant::Basic => "Basic: taken + on board",
        Variant::Simple => "Simple: taken + on board",
        Variant::Nights => "Nights: points + cards",
    };
    text(f, heading, x, top, SMALL, INK);
    for (i, &seat) in position.seating().seats().iter().enumerate() {
        let y = top + 12 + i as i32 * 12;
        if seat == controller {
            let _ = Triangle::new(Point::new(x, y + 1), Point::new(x, y + 9), Point::new(x + 4, y + 5))
                .into_styled(PrimitiveStyle::with_fill(INK))
                .draw(f);
        }
        seat_icon(f, &INFO, seat.at_table(), x + 7, y);
        text(f, seat.name(), x + 21, y + 1, SMALL, INK);
        let detail = if position.is_out(seat) {
            format!("{:>2} (out)", position.score(seat))
        } else {
            format!("{:>2} ({}+{})", position.score(seat), position.captured(seat), position.worth_of(seat))
        };
        text_right(f, &detail, f.size().width as i32 - 2, y + 1, SMALL, INK);
    }

    if position.variant().has_dice() {
        draw_dice_panel(f, play, showing, view);
    } else {
        draw_support_panel(f, play, showing);
    }

    if position.quiet() >= QUIET_SHOWN_FROM {
        text(f, &format!("Quiet turns {}/{QUIET_END_TURNS}", position.quiet()), x, 176, SMALL, INK);
    }

    // What A, B and the crank do now (an overlay shows its own).
    if !view.hints {
        return;
    }
    panel_hints(f, x, hints(play, showing.is_some()), view.crank_docked);
}

fn hints(play: &ChekPlay, showing: bool) -> Hints {
    if showing {
        return Hints { progress: None, a: "skip", b: "-", crank: "-", dpad: "-" };
    }
    if play.cpu_in_control() {
        return match play.cpu_action() {
            Some(_) => Hints::watching("CPU plays"),
            None => Hints::thinking(play.cpu_progress()),
        };
    }
    let hints = |a, b, crank, dpad| Hints { progress: None, a, b, crank, dpad };
    let second = play.position().first_step().is_some();
    match play.mode {
        Mode::Browse if play.must_pass() => hints("pass (no move)", "-", "-", "-"),
        Mode::Browse if second && play.hand_on_playable_piece() => {
            hints("pick up 2nd card", "end turn", "next card", "move the hand")
        }
        Mode::Browse if second => hints("(2nd number card)", "end turn", "next card", "move the hand"),
        Mode::Browse if play.hand_on_playable_piece() => hints("pick up piece", "-", "next piece", "move the hand"),
        Mode::Browse => hints("(own piece)", "-", "next piece", "move the hand"),
        Mode::Aim { .. } => match play.aimed_action() {
            Some(Action::Attack { .. } | Action::Take { .. }) => hints("attack!", "put back", "next target", "point at target"),
            _ => hints("move here", "put back", "next target", "point at target"),
        },
        Mode::Chain { .. } => match play.chosen_option() {
            Some(ChainOption::Attack(_)) => hints("chain attack!", "end chain", "next option", "next option"),
            _ => hints("link here", "end chain", "next option", "next option"),
        },
    }
}

/// The attack the selection points at: the player's, or the CPU's in a chain.
fn aimed(play: &ChekPlay) -> Option<Action> {
    match play.mode {
        _ if play.cpu_action().is_some() && play.position().chain().is_some() => play.cpu_action(),
        Mode::Aim { .. } => play.aimed_action(),
        Mode::Chain { .. } => match play.chosen_option() {
            Some(ChainOption::Attack(action)) => Some(action),
            _ => None,
        },
        Mode::Browse => None,
    }
}

/// The modifiers of an attack, a line each. In Chek Nights (N4) first both sides'
/// strengths, `strengths` (attacker's, defender's), then whose edge it is.
fn modifier_lines(f: &mut Frame, bonus: Bonus, strengths: Option<(u32, u32)>, x: i32, y: i32) -> i32 {
    let mut y = y;
    if let Some((attack, defence)) = strengths {
        text(f, &format!("Str {attack} v {defence}"), x, y, SMALL, INK);
        y += 11;
        let edge = match (bonus.edge().attacker(), bonus.defence()) {
            (0, 0) => alloc::string::String::from("Even"),
            (a, 0) => format!("Att +{a}"),
            (_, d) => format!("Def +{d}"),
        };
        text(f, &edge, x, y, SMALL, INK);
        y += 11;
        if bonus.chain() {
            text(f, "Chain +1", x, y, SMALL, INK);
            y += 11;
        }
        return y;
    }
    if bonus.bully() {
        text(f, "Bully +1", x, y, SMALL, INK);
        y += 11;
    }
    if bonus.chain() {
        text(f, "Chain +1", x, y, SMALL, INK);
        y += 11;
    }
    if !bonus.bully() && !bonus.chain() {
        text(f, "No modifier", x, y, SMALL, INK);
        y += 11;
    }
    y
}

/// The box of the conflict panel; returns where its contents start.
fn conflict_box(f: &mut Frame) -> (i32, i32, i32, i32) {
    let (x, y) = (crate::duel::panel::MARGIN, 96);
    let rect = Rectangle::new(Point::new(x - 1, y), Size::new(LAYOUT.panel_width() as u32 - 6, 76));
    rounded_box(f, rect, PAPER);
    (x, y, x + 6, y + 8)
}

/// A banner across the bottom of the conflict panel.
fn banner(f: &mut Frame, x: i32, y: i32, label: &str) {
    fill(f, x + 2, y + 58, LAYOUT.panel_width() as u32 - 12, 15, INK);
    text_centred(f, label, x + (LAYOUT.panel_width() - 8) / 2, y + 59, BOLD, PAPER);
}

fn draw_dice_panel(f: &mut Frame, play: &ChekPlay, showing: Option<&Show>, view: &View) {
    let (x, y, dx, dy) = conflict_box(f);

    // Aiming an attack: the odds before A confirms.
    if showing.is_none() {
        if let Some(Action::Attack { to, bonus, .. }) = aimed(play) {
            die(f, dx, dy, None);
            die(f, dx + 34, dy, None);
            let after = modifier_lines(f, bonus, strengths(play.position(), to), dx + 72, dy);
            let chance = crate::games::chek::pages::win_percent(bonus);
            text(f, &format!("Win {chance}%"), dx + 72, after + 2, BOLD, INK);
            text(f, &format!("{}/36 to win", bonus.attacker_wins_in_36()), dx, dy + 44, SMALL, INK);
            return;
        }
    }

    let last = showing.map(|s| s.played).or(play.line().last_conflict);
    let Some((conflict, roll, _)) = last.and_then(|p| p.conflict) else {
        die(f, dx, dy, None);
        die(f, dx + 34, dy, None);
        text(f, "No conflict", dx + 72, dy + 2, SMALL, INK);
        text(f, "yet", dx + 72, dy + 13, SMALL, INK);
        return;
    };
    let rolling = showing.map(|s| view.now.wrapping_sub(s.start_ms)).filter(|&t| t < super::ROLL_MS);
    let faces = match rolling {
        // Reduce flashing: the dice stay blank until they show the roll.
        Some(_) if view.reduce_flashing => (None, None),
        Some(t) => {
            // Tumbling faces.
            let k = t / 70;
            (Some((k * 5 + 2) as u8 % 6 + 1), Some((k * 3 + 4) as u8 % 6 + 1))
        }
        None => (Some(roll.attacker), Some(roll.defender)),
    };
    die(f, dx, dy, faces.0);
    die(f, dx + 34, dy, faces.1);
    seat_icon(f, &INFO, conflict.attacker().at_table(), dx + 8, dy + 31);
    seat_icon(f, &INFO, conflict.defender().at_table(), dx + 42, dy + 31);
    let after = modifier_lines(f, conflict.bonus(), strengths(conflict.position(), conflict.to()), dx + 72, dy);
    match (rolling, last.and_then(|p| p.winner())) {
        (None, Some(winner)) => {
            let total = roll.attacker + conflict.bonus().total();
            let against = roll.defender + conflict.bonus().defence();
            text(f, &format!("{total} vs {against}"), dx + 72, after + 1, SMALL, INK);
            banner(f, x, y, &format!("{} wins", winner.name()));
        }
        _ => {
            text(f, "Rolling...", dx + 72, after + 1, SMALL, INK);
        }
    }
}

/// Chek Nights' strengths on `target` (N4): the attacker's (the seat in control) and
/// the defender's.
fn strengths(position: &Position, target: chek_rules::Square) -> Option<(u32, u32)> {
    position.variant().has_cards().then(|| {
        (position.attack_strength(position.in_control(), target), position.defence_strength(target))
    })
}

/// Chek Simple's conflict panel (V2): the support on both sides of the aimed take, or
/// the last take.
fn draw_support_panel(f: &mut Frame, play: &ChekPlay, showing: Option<&Show>) {
    let (x, y, dx, dy) = conflict_box(f);
    let position = showing.map_or(*play.position(), |s| s.played.before);
    let aimed = if showing.is_none() { aimed(play) } else { showing.map(|s| s.played.action) };
    if let Some(Action::Take { to, .. }) = aimed {
        let chain = position.chain().is_some();
        let attacker = position.in_control();
        let (ours, theirs) = (position.attack_support(attacker, to, chain), position.defence_support(to));
        text(f, "Support", dx, dy, BOLD, INK);
        seat_icon(f, &INFO, attacker.at_table(), dx, dy + 20);
        text(f, &format!("{ours}"), dx + 15, dy + 16, LARGE, INK);
        text(f, "vs", dx + 36, dy + 20, SMALL, INK);
        if let Some(defender) = position.seat_at(to) {
            seat_icon(f, &INFO, defender.at_table(), dx + 54, dy + 20);
        }
        text(f, &format!("{theirs}"), dx + 69, dy + 16, LARGE, INK);
        if chain {
            text(f, "incl. chain +1", dx + 92, dy + 20, SMALL, INK);
        }
        banner(f, x, y, "takes the piece");
        return;
    }
    text(f, "No dice: more", dx, dy, SMALL, INK);
    text(f, "support takes.", dx, dy + 11, SMALL, INK);
    match play.line().last_conflict.and_then(|p| Some((p.winner()?, p.action.to()?))) {
        Some((winner, to)) => banner(f, x, y, &format!("{} took {to}", winner.name())),
        None => {
            text(f, "No take yet", dx, dy + 33, SMALL, INK);
        }
    }
}

/// A die showing `value` (1–6), or a question mark for `None`.
fn die(f: &mut Frame, x: i32, y: i32, value: Option<u8>) {
    let rect = Rectangle::new(Point::new(x, y), Size::new(28, 28));
    rounded_box(f, rect, PAPER);
    let pip = |f: &mut Frame, px: i32, py: i32| disc(f, Point::new(x + px, y + py), 6, INK);
    let (l, m, r) = (8, 14, 20);
    let pips: &[(i32, i32)] = match value {
        Some(1) => &[(m, m)],
        Some(2) => &[(l, l), (r, r)],
        Some(3) => &[(l, l), (m, m), (r, r)],
        Some(4) => &[(l, l), (r, l), (l, r), (r, r)],
        Some(5) => &[(l, l), (r, l), (m, m), (l, r), (r, r)],
        Some(6) => &[(l, l), (r, l), (l, m), (r, m), (l, r), (r, r)],
        _ => {
            text_centred(f, "?", x + 14, y + 4, LARGE, INK);
            &[]
        }
    };
    for &(px, py) in pips {
        pip(f, px, py);
    }
}

/// The line under the board: the last action and, for a conflict, its dice.
pub fn draw_last_move(f: &mut Frame, play: &ChekPlay, showing: bool) {
    let y = LAYOUT.line_y();
    let Some(played) = play.line().last else {
        text(f, "Last: -", 3, y, SMALL, INK);
        return;
    };
    let mut line = match played.action {
        Action::End => match played.before.first_step() {
            Some(first) => format!("Last: {} {}-{}", played.seat.char(), first.from, first.to),
            None => format!("Last: {} ended the chain", played.seat.name()),
        },
        Action::Pass => format!("Last: {} passed", played.seat.name()),
        action => match played.before.first_step() {
            // Chek Nights' two-card move, as N6 writes it.
            Some(first) => format!("Last: {} {}-{},{action}", played.seat.char(), first.from, first.to),
            None => format!("Last: {} {action}", played.seat.char()),
        },
    };
    if let (Some((_, roll, _)), Some(winner), false) = (played.conflict, played.winner(), showing) {
        line = format!("{line} ({}v{}) {} won", roll.attacker, roll.defender, winner.char());
    }
    text(f, &line, 3, y, SMALL, INK);
}

/// The score sheet: the rules played, and every seat's points, pieces and score (C17).
pub fn score_sheet(f: &mut Frame, position: &Position, at: Point) {
    let (x, y) = (at.x, at.y);
    text(f, position.variant().name(), x, y, SMALL, INK);
    let board = if position.variant().has_cards() { "cards" } else { "board" };
    text_right(f, &format!("pts {board} score"), x + 170, y, SMALL, INK);
    for (i, &seat) in position.seating().seats().iter().enumerate() {
        let row = y + 13 + i as i32 * 14;
        seat_icon(f, &INFO, seat.at_table(), x, row);
        text(f, seat.name(), x + 15, row + 1, SMALL, INK);
        let detail =
            format!("{:>3} {:>5} {:>5}", position.captured(seat), position.worth_of(seat), position.score(seat));
        text_right(f, &detail, x + 170, row + 1, SMALL, INK);
    }
}
