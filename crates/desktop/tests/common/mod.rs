//! An autopilot that plays whole games through the App's inputs only (buttons and
//! crank), while a shadow rules `Record` with the same seed plays the same decisions.

#![allow(dead_code)]

use chek_cartridge::games::chek::play::{ChainOption, ChekPlay, Mode};
use chek_cartridge::{AnyPlay, App};
use chek_desktop::driver::Driver;
use chek_rules::{Action, Position, Record, Seat, Setup, Square, Variant};
use chek_ui::{Buttons, Overlay, Screen};

/// How the autopilot points at targets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Aim {
    /// Crank steps (30° each).
    Crank,
    /// D-pad presses only.
    Buttons,
}

/// How many variants game `id` offers (a row of its own on the new-game screen when
/// more than one).
fn variants(id: &str) -> usize {
    struct Variants;
    impl chek_cartridge::Visitor for Variants {
        type Output = usize;
        fn visit<D: chek_cartridge::GameDef>(self) -> usize {
            D::INFO.variants.len()
        }
    }
    chek_cartridge::with_game(id, Variants).expect("a game of the cartridge")
}

/// Starts a game of the two-seat game `id` (Checkers, Chak, Che) from the title
/// through the menus, in its first variant, pressing right `rights[i]` times on the
/// i-th side's row (0 = Human, 1 = CPU easy, 2 = normal, 3 = hard), and checks that
/// the board is up.
pub fn start_two_seat(driver: &mut Driver, id: &str, rights: [usize; 2]) {
    assert!(driver.app.choose(id, None, None));
    driver.press(Buttons::A);
    assert!(matches!(driver.app.screen(), Screen::NewGame { .. }));
    for _ in 0..8 {
        driver.press(Buttons::UP);
    }
    if variants(id) > 1 {
        driver.press(Buttons::DOWN);
    }
    for r in rights {
        for _ in 0..r {
            driver.press(Buttons::RIGHT);
        }
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
    assert_eq!(driver.app.play().map(|p| chek_ui::Play::session(p).turns()), Some(0), "a new game");
}

/// Moves the hand (where `hand` reads it, column and row, up +1) onto `target`: the
/// crank steps through what the game lets it jump to, the D-pad walks towards it.
/// Fails after `most` steps.
pub fn hand_to(driver: &mut Driver, aim: Aim, most: usize, hand: impl Fn(&App) -> (i32, i32), target: (i32, i32)) {
    for _ in 0..most {
        let at = hand(&driver.app);
        if at == target {
            return;
        }
        match aim {
            Aim::Crank => driver.crank(30.0),
            Aim::Buttons => driver.press(towards(at, target)),
        }
    }
    panic!("the hand did not reach {target:?}");
}

/// Opens the pause sheet from the system menu and chooses its "End game" item (the
/// confirmation is then up).
pub fn end_game(driver: &mut Driver) {
    driver.app.menu(chek_ui::MenuCommand::GameMenu);
    for _ in 0..10 {
        if driver.app.screen() == (Screen::Play { overlay: Overlay::Pause { item: chek_ui::PauseItem::EndGame } }) {
            break;
        }
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
}

/// The game shown on the board: the lesson's, else the game in progress.
pub fn shown(app: &App) -> Option<&AnyPlay> {
    app.lesson().or(app.play())
}

/// The game of `D` shown (a lesson's, or the game in progress).
pub fn shown_of<D: chek_cartridge::GameDef>(app: &App) -> &D::Play {
    shown(app).and_then(AnyPlay::play_of::<D>).unwrap_or_else(|| panic!("no {} game in progress", D::INFO.name))
}

/// The Chek game shown (a lesson's, or the game in progress).
pub fn session(app: &App) -> &ChekPlay {
    shown_of::<chek_cartridge::games::chek::Def>(app)
}

/// Starts a new game of `setup` from the title screen through the menus: the
/// new-game screen opens on "Start game", with the last settings.
pub fn start(driver: &mut Driver, setup: Setup) {
    assert!(driver.app.choose("chek", None, Some(setup.id())));
    // Title: "New game" is highlighted.
    driver.press(Buttons::A);
    assert!(matches!(driver.app.screen(), Screen::NewGame { .. }));
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
}

/// Starts a new game of `setup` under `variant`, pressing right `rights[i]` times on
/// the i-th seat's row (0 = Human, 1 = CPU easy, 2 = normal, 3 = hard).
pub fn start_with(driver: &mut Driver, setup: Setup, variant: Variant, rights: &[usize]) {
    assert!(driver.app.choose("chek", Some(variant.id()), Some(setup.id())));
    driver.press(Buttons::A);
    // Up to the first row (the variant), down to the setup, then a seat a row.
    for _ in 0..8 {
        driver.press(Buttons::UP);
    }
    driver.press(Buttons::DOWN);
    for &r in rights {
        driver.press(Buttons::DOWN);
        for _ in 0..r {
            driver.press(Buttons::RIGHT);
        }
    }
    for _ in 0..8 {
        driver.press(Buttons::DOWN);
    }
    driver.press(Buttons::A);
    assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
}

/// The decision the autopilot takes: attack when it can (best odds first), else step
/// towards the nearest opponent; in a chain, attack at +2, else end.
pub fn decide(position: &Position) -> Action {
    let actions = position.legal_actions();
    let mut attacks: Vec<Action> = actions.iter().copied().filter(|a| a.is_attack()).collect();
    attacks.sort_by_key(|a| match a {
        Action::Attack { bonus, from, to } => (3 - bonus.total(), from.index(), to.index()),
        // Chek Simple's takes always win.
        Action::Take { from, to } => (0, from.index(), to.index()),
        _ => (9, 0, 0),
    });
    if position.chain().is_some() {
        return match attacks.first() {
            Some(&a @ Action::Attack { bonus, .. }) if bonus.total() == 2 => a,
            Some(&a @ Action::Take { .. }) => a,
            _ => Action::End,
        };
    }
    if let Some(&attack) = attacks.first() {
        return attack;
    }
    let seat = position.to_move();
    let enemies = position.opponents_of(seat);
    let distance = |sq: Square| {
        enemies
            .iter()
            .map(|e| (e.file() as i32 - sq.file() as i32).abs() + (e.rank() as i32 - sq.rank() as i32).abs())
            .min()
            .unwrap_or(0)
    };
    *actions
        .iter()
        .min_by_key(|a| (distance(a.to().unwrap_or(Square::A1)), a.from().map(Square::index)))
        .unwrap_or(&actions[0])
}

fn step_towards(driver: &mut Driver, target: Square) {
    loop {
        let hand = session(&driver.app).hand;
        if hand == target {
            return;
        }
        let cell = |square: Square| (square.file() as i32, square.rank() as i32);
        driver.press(towards(cell(hand), cell(target)));
    }
}

/// Turns the crank (or presses right) until `pointed` says the selection is right.
fn select(driver: &mut Driver, aim: Aim, mut pointed: impl FnMut(&App) -> bool) {
    for _ in 0..16 {
        if pointed(&driver.app) {
            return;
        }
        match aim {
            Aim::Crank => driver.crank(30.0),
            Aim::Buttons => driver.press(Buttons::RIGHT),
        }
    }
    panic!("could not select the target");
}

/// A path of link steps through the controller's pieces from `from` to `to`.
fn link_path(position: &Position, from: Square, to: Square) -> Vec<Square> {
    let own = position.pieces(position.in_control());
    let mut previous = std::collections::HashMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(sq) = queue.pop_front() {
        if sq == to {
            let mut path = vec![to];
            let mut at = to;
            while let Some(&p) = previous.get(&at) {
                if p == from {
                    break;
                }
                path.push(p);
                at = p;
            }
            path.reverse();
            return path;
        }
        for n in sq.neighbours8() & own {
            if n != from && !previous.contains_key(&n) {
                previous.insert(n, sq);
                queue.push_back(n);
            }
        }
    }
    panic!("no link path from {from} to {to}");
}

/// Hands control to the ally on `to` in the chain state (a LINK step, C12).
pub fn link(driver: &mut Driver, aim: Aim, to: Square) {
    select(driver, aim, |app| session(app).chosen_option() == Some(ChainOption::Link(to)));
    driver.press(Buttons::A);
}

/// Plays game `id`'s whole lesson through the inputs, from a new App's title: right to
/// the game, down to *Learn to play*, A. Each step shows its card, A tries it,
/// `decide` plays the decision asked for (the first; `None`: any) through the game's
/// inputs, the card then says it is done (the game's show over), and A goes on; the
/// last leads back to the title, on *New game*, with the lesson remembered as
/// finished. The inputs are the Playdate host test's
/// (`tests/fixtures/lessons/<id>.txt`): `CHEK_BLESS=1` rewrites the file, otherwise
/// they must match it.
pub fn play_lesson(id: &str, rights: usize, mut decide: impl FnMut(&mut Driver, Option<&str>)) -> Driver {
    let mut driver = Driver::new(App::new(1));
    driver.keep_inputs();
    for _ in 0..rights {
        driver.press(Buttons::RIGHT);
    }
    assert_eq!(driver.app.game().id, id);
    driver.press(Buttons::DOWN);
    assert_eq!(driver.app.screen(), Screen::Title { item: chek_ui::TitleItem::Learn });
    driver.press(Buttons::A);
    let steps = driver.app.lesson_steps();
    assert!(!steps.is_empty(), "{id} has a lesson");
    for (i, step) in steps.iter().enumerate() {
        let at = |phase| Screen::Learn { step: i as u8, phase };
        assert_eq!(driver.app.screen(), at(chek_ui::Phase::Read), "{id} step {}: the card", i + 1);
        driver.press(Buttons::A);
        assert_eq!(driver.app.screen(), at(chek_ui::Phase::Try), "{id} step {}: trying", i + 1);
        decide(&mut driver, step.expect.first().copied());
        for _ in 0..200 {
            if driver.app.screen() != at(chek_ui::Phase::Try) {
                break;
            }
            driver.idle();
        }
        assert_eq!(driver.app.screen(), at(chek_ui::Phase::Done), "{id} step {} ({}) done", i + 1, step.title);
        let (_, last) = chek_ui::Play::session(shown(&driver.app).expect("the step's game")).last_decision();
        let last = last.expect("a decision");
        assert!(step.expect.is_empty() || step.expect.contains(&last.as_str()), "{id} step {}: {last}", i + 1);
        if let Some(after) = step.after {
            assert_eq!(shown(&driver.app).unwrap().state_text(), after, "{id} step {}: the dice as scripted", i + 1);
        }
        if let Some(inputs) = driver.inputs.as_mut() {
            inputs.push(format!("# step {} done: {}", i + 1, step.title));
        }
        driver.press(Buttons::A);
    }
    assert_eq!(driver.app.screen(), Screen::Title { item: chek_ui::TitleItem::NewGame }, "done: on to a game");
    assert!(driver.app.lesson().is_none());
    let inputs = driver.inputs.take().unwrap_or_default().join("\n") + "\n";
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../tests/fixtures/lessons/{id}.txt"));
    if std::env::var_os("CHEK_BLESS").is_some() {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, &inputs).unwrap();
    } else {
        let kept = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(kept == inputs, "{} differs from the lesson's inputs: CHEK_BLESS=1 rewrites it", file.display());
    }
    driver
}

/// Plays `action` through the App's inputs.
pub fn act(driver: &mut Driver, action: Action, aim: Aim) {
    let position = *session(&driver.app).position();
    match (position.chain(), action) {
        (Some(_), Action::End) => driver.press(Buttons::B),
        // Chek Nights: B ends the turn after one number card's step (N3).
        (None, Action::End) if position.first_step().is_some() => driver.press(Buttons::B),
        (Some(chain), Action::Attack { from, .. } | Action::Take { from, .. }) => {
            if from != chain.active {
                for step in link_path(&position, chain.active, from) {
                    select(driver, aim, |app| session(app).chosen_option() == Some(ChainOption::Link(step)));
                    driver.press(Buttons::A);
                }
            }
            select(driver, aim, |app| session(app).chosen_option() == Some(ChainOption::Attack(action)));
            driver.press(Buttons::A);
        }
        (_, Action::Pass) => driver.press(Buttons::A),
        (None, Action::Move { from, to } | Action::Attack { from, to, .. } | Action::Take { from, to }) => {
            step_towards(driver, from);
            driver.press(Buttons::A);
            assert!(matches!(session(&driver.app).mode, Mode::Aim { .. }));
            match aim {
                Aim::Crank => select(driver, aim, |app| session(app).aimed_action() == Some(action)),
                Aim::Buttons => {
                    // Point with the D-pad: the square next to the piece, pressed again
                    // the one beyond (a Chek Nights number card's two steps), and back.
                    let delta = (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8);
                    let button = match (delta.0.signum(), delta.1.signum()) {
                        (0, 1) => Buttons::UP,
                        (0, -1) => Buttons::DOWN,
                        (1, 0) => Buttons::RIGHT,
                        _ => Buttons::LEFT,
                    };
                    for _ in 0..3 {
                        driver.press(button);
                        if session(&driver.app).aimed_action() == Some(action) {
                            break;
                        }
                    }
                    assert_eq!(session(&driver.app).aimed_action(), Some(action));
                }
            }
            driver.press(Buttons::A);
        }
        (chain, action) => panic!("cannot play {action} (chain: {chain:?})"),
    }
}

/// Plays a whole game of `setup` through the inputs; returns the App's final game and
/// the shadow game, which must agree.
pub fn play_whole_game(setup: Setup, seed: u64, aim: Aim) -> (Record, Record, u32) {
    play_whole_game_of(setup, Variant::Standard, seed, aim)
}

/// [`play_whole_game`] under `variant`'s rules.
pub fn play_whole_game_of(setup: Setup, variant: Variant, seed: u64, aim: Aim) -> (Record, Record, u32) {
    let mut driver = Driver::new(App::new(seed));
    start_with(&mut driver, setup, variant, &[]);
    let play = session(&driver.app);
    // The same deal (Chek Nights, N2) and the same dice after it.
    let mut shadow = Record::dealt(setup, variant, play.position().to_move(), play.session.seed).unwrap();
    assert_eq!(shadow.position(), play.position());
    let mut decisions = 0;
    loop {
        driver.settle();
        if driver.app.screen() == (Screen::Play { overlay: Overlay::GAME_OVER }) {
            break;
        }
        assert_eq!(driver.app.screen(), Screen::Play { overlay: Overlay::None });
        let position = *session(&driver.app).position();
        assert_eq!(position, *shadow.position(), "the App and the rules agree");
        let action = decide(&position);
        act(&mut driver, action, aim);
        shadow.play(action).unwrap();
        decisions += 1;
        assert!(decisions < 5000, "the game ends");
    }
    let game = session(&driver.app).record().clone();
    (game, shadow, decisions)
}

/// Seats' scores in seating order.
pub fn scores(game: &Record) -> Vec<u8> {
    let scores = game.scores();
    game.position().seating().seats().iter().map(|&s: &Seat| scores[s]).collect()
}

/// Whole games of a two-seat game through the inputs: how to start one (the seats as
/// presses of right, 0 = Human … 3 = CPU hard) and how to play one to its end (its
/// plies).
pub struct TwoSeat {
    /// The game's id.
    pub id: &'static str,
    /// Plays the game on the board to its end, pointing with `Aim`, seeded.
    pub play: fn(&mut Driver, Aim, u64) -> usize,
}

impl TwoSeat {
    /// Plays the started game to its end; the game-over screen shows. Its plies.
    fn play_out(&self, driver: &mut Driver, aim: Aim, seed: u64) -> usize {
        let plies = (self.play)(driver, aim, seed);
        driver.wait(3000);
        assert_eq!(driver.app.screen(), chek_ui::Screen::Play { overlay: chek_ui::Overlay::GAME_OVER });
        plies
    }

    /// People at both seats, a game a seed: the plies of each.
    pub fn people(&self, seeds: std::ops::RangeInclusive<u64>, aim: Aim) -> Vec<usize> {
        seeds
            .map(|seed| {
                let mut driver = Driver::new(App::new(seed));
                start_two_seat(&mut driver, self.id, [0, 0]);
                self.play_out(&mut driver, aim, seed)
            })
            .collect()
    }

    /// A person at the first seat against the CPU at each of `rights`.
    pub fn against_the_cpu(&self, rights: &[usize], seed: u64) {
        use chek_ui::Play;
        for &r in rights {
            let mut driver = Driver::new(App::new(seed));
            start_two_seat(&mut driver, self.id, [0, r]);
            assert_eq!(driver.app.play().unwrap().session().kinds().0[1], chek_ui::SeatKind::ALL[r]);
            self.play_out(&mut driver, Aim::Crank, seed);
        }
    }

    /// The CPU (easy) at the first seat, which moves first; a person at the second.
    pub fn cpu_first(&self, seed: u64) {
        use chek_ui::Play;
        let mut driver = Driver::new(App::new(seed));
        start_two_seat(&mut driver, self.id, [1, 0]);
        assert!(driver.app.play().unwrap().cpu_to_act());
        self.play_out(&mut driver, Aim::Buttons, seed);
    }
}

/// A two-seat game's whole-game tests, from its id and its `play_game`: people with
/// the crank (seeds `crank`, each game over `min` plies) and with the D-pad (seeds
/// `d_pad`), a person at the first seat against the CPU levels `cpu` (rights on the
/// new-game screen), and the CPU at the first seat moving first.
#[allow(unused_macros)]
macro_rules! whole_game_tests {
    ($id:literal, crank: $crank:expr, min: $min:expr, d_pad: $d_pad:expr, cpu: $cpu:expr) => {
        const GAMES: common::TwoSeat = common::TwoSeat { id: $id, play: play_game };

        #[test]
        fn two_people_play_whole_games_with_the_crank() {
            assert!(GAMES.people($crank, Aim::Crank).iter().all(|&plies| plies > $min));
        }

        #[test]
        fn two_people_play_whole_games_with_the_d_pad() {
            GAMES.people($d_pad, Aim::Buttons);
        }

        #[test]
        fn a_person_plays_the_first_seat_against_the_cpu() {
            GAMES.against_the_cpu($cpu, 11);
        }

        #[test]
        fn the_cpu_at_the_first_seat_moves_first() {
            GAMES.cpu_first(12);
        }
    };
}
#[allow(unused_imports)]
pub(crate) use whole_game_tests;

/// The D-pad press that moves the hand at `at` towards `to` (column, row; up is +1):
/// across first, then up or down.
pub fn towards(at: (i32, i32), to: (i32, i32)) -> Buttons {
    if at.0 < to.0 {
        Buttons::RIGHT
    } else if at.0 > to.0 {
        Buttons::LEFT
    } else if at.1 < to.1 {
        Buttons::UP
    } else {
        Buttons::DOWN
    }
}

/// Lets frames pass until `moved` says the CPU has played (at most 20,000 frames).
pub fn wait_for(driver: &mut Driver, mut moved: impl FnMut(&App) -> bool) {
    for _ in 0..20_000 {
        driver.idle();
        if moved(&driver.app) {
            return;
        }
    }
}

/// Plays a two-seat game on the board (`session` finds it in the App) to its end
/// against a shadow of its rules: the CPU's moves (the game's history names the one it
/// just played) must be legal in the shadow, `person` enters the people's through the
/// inputs and says which it entered (given the shadow and the plies so far), and after
/// every ply the game on the board is the shadow. At most `limit` plies. The shadow
/// at the end, and the plies.
pub fn shadow_game<B: chek_cartridge::duel::Board>(
    driver: &mut Driver,
    session: fn(&App) -> &chek_cartridge::duel::Duel<B>,
    limit: usize,
    mut person: impl FnMut(&mut Driver, &chek_cartridge::duel::State<B>, usize) -> chek_cartridge::duel::Move<B>,
) -> (chek_cartridge::duel::State<B>, usize) {
    use chek_engine::{Game as _, Notation as _};
    use chek_ui::Play as _;
    let mut shadow = session(&driver.app).state().clone();
    let mut plies = 0;
    while shadow.to_act() != chek_engine::ToAct::Over {
        let play = session(&driver.app);
        let mv = if play.cpu_to_move() {
            let before = play.plies();
            wait_for(driver, |app| session(app).plies() != before);
            let (_, last) = session(&driver.app).session().last_decision();
            let text = last.expect("the CPU's move is in the history");
            shadow.parse_action(&text).unwrap_or_else(|e| panic!("the CPU's {text} in {shadow}: {e}"))
        } else {
            person(driver, &shadow, plies)
        };
        shadow.apply(chek_engine::Step::Act(mv));
        plies += 1;
        assert_eq!(session(&driver.app).state(), &shadow, "after ply {plies}");
        assert!(plies < limit, "the game ends");
    }
    (shadow, plies)
}

/// Reads the QR code on the screen, as a phone would.
pub fn read_qr(frame: &chek_ui::Frame) -> Option<String> {
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(400, 240, |x, y| if frame.is_black(x, y) { 0 } else { 255 });
    let grids = image.detect_grids();
    grids.first().and_then(|g| g.decode().ok()).map(|(_, text)| text)
}
