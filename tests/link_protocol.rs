//! Play a friend by link (src/link, docs/link-protocol.md): whole games played by two sessions
//! that only exchange link texts, one test per attack, and round trips of the encoding.

use proptest::prelude::*;
use tabla::backgammon::{self as bg, Options, Phase, Variant};
use tabla::dice::SplitMix64;
use tabla::draughts::GameOptions;
use tabla::errors::ErrorCode;
use tabla::link::{
    Act, Link, LinkError, LinkGame, Message, Opened, Session, Setup, Side, backgammon_actor, base64url, from_base64url,
    roll_is_deferred,
};

fn root(n: u8) -> [u8; 32] {
    [n; 32]
}

/// The inviter's session and the friend's, after the invitation was opened.
fn pair(setup: Setup) -> (Session, Session) {
    let mut a = Session::invite(setup, root(1), [7; 8]);
    let invite = a.send(&a.game().unwrap()).unwrap();
    let b = Session::join(&invite, root(2)).unwrap();
    (a, b)
}

/// One turn of `s`'s player with random choices, played on the game the session gives, then
/// sent. `double`: how often to double when allowed (per 256).
fn play_turn(s: &mut Session, rng: &mut SplitMix64, double: u64) -> String {
    let mut game = s.game().unwrap();
    let me = s.me();
    match &mut game {
        LinkGame::Backgammon(g) => {
            for _ in 0..64 {
                if backgammon_actor(g) != Some(me.player()) {
                    break;
                }
                match g.phase() {
                    Phase::Opening => {
                        g.roll().unwrap();
                    }
                    Phase::Roll => {
                        if g.can_double() && rng.below(256) < double {
                            g.double().unwrap();
                        } else if roll_is_deferred(g) {
                            break; // sending is the roll
                        } else {
                            g.roll().unwrap();
                        }
                    }
                    Phase::Move => {
                        let plays = g.legal_plays();
                        if plays.is_empty() {
                            g.confirm().unwrap();
                        } else {
                            let p = &plays[rng.below(plays.len() as u64) as usize];
                            g.play_steps(&p.steps).unwrap();
                        }
                    }
                    Phase::CubeDecision => {
                        if rng.below(8) == 0 {
                            g.pass().unwrap()
                        } else {
                            g.take().unwrap()
                        }
                    }
                    Phase::ChooseDoubles => g.choose_doubles(1 + rng.below(6) as u8).unwrap(),
                    Phase::Resignation => g.accept_resignation().unwrap(),
                    Phase::GameOver => break,
                }
            }
        }
        LinkGame::Draughts(g) => {
            if !g.is_over() && g.turn() == me.color() {
                let moves = g.legal_moves();
                g.play_move(&moves[rng.below(moves.len() as u64) as usize]).unwrap();
            }
        }
    }
    s.send(&game).unwrap()
}

fn over(s: &Session) -> bool {
    match s.game().unwrap() {
        LinkGame::Backgammon(g) => g.phase() == Phase::GameOver,
        LinkGame::Draughts(g) => g.is_over(),
    }
}

/// Plays a whole game by links between two sessions; returns them and every link sent.
fn whole_game(setup: Setup, seed: u64, double: u64) -> (Session, Session, Vec<String>) {
    let (mut a, mut b) = pair(setup);
    let mut rng = SplitMix64(seed);
    let mut links = Vec::new();
    for _ in 0..3000 {
        if over(&a) && over(&b) {
            break;
        }
        let l = play_turn(&mut b, &mut rng, double);
        assert_eq!(a.open(&l).unwrap(), Opened::Updated);
        links.push(l);
        let l = play_turn(&mut a, &mut rng, double);
        assert_eq!(b.open(&l).unwrap(), Opened::Updated);
        links.push(l);
    }
    assert!(over(&a) && over(&b), "the game did not end");
    (a, b, links)
}

/// The session of side `i` (0 the inviter) and the other one.
fn both(s: &mut [Session; 2], i: usize) -> (&mut Session, &mut Session) {
    let [a, b] = s;
    if i == 0 { (a, b) } else { (b, a) }
}

fn bg_setup(variant: Variant) -> Setup {
    Setup::Backgammon(Options::new(variant))
}

fn position(s: &Session) -> String {
    match s.game().unwrap() {
        LinkGame::Backgammon(g) => g.position_id(),
        LinkGame::Draughts(g) => g.fen(),
    }
}

#[test]
fn link_whole_games_of_all_four_games_by_links_only() {
    for (setup, seed) in [
        (bg_setup(Variant::Backgammon), 1),
        (bg_setup(Variant::Table), 2),
        (bg_setup(Variant::AceyDeucey), 3),
        (Setup::Draughts(GameOptions::default()), 4),
    ] {
        let (a, b, links) = whole_game(setup, seed, 16);
        assert_eq!(position(&a), position(&b), "{setup:?}");
        assert_eq!(a.link(), b.link());
        assert!(!links.is_empty());
    }
}

#[test]
fn link_a_backgammon_match_with_the_cube_runs_to_its_end() {
    let mut o = Options::new(Variant::Backgammon);
    o.match_length = 3;
    let (a, b) = pair(Setup::Backgammon(o));
    let mut s = [a, b];
    let mut rng = SplitMix64(9);
    for _ in 0..6000 {
        let done = |s: &Session| matches!(s.game().unwrap(), LinkGame::Backgammon(g) if g.match_over());
        if done(&s[0]) {
            break;
        }
        for i in [1, 0] {
            let (me, them) = both(&mut s, i);
            let mut game = me.game().unwrap();
            if let LinkGame::Backgammon(g) = &mut game {
                if g.phase() == Phase::GameOver && !g.match_over() && me.my_turn() {
                    g.next_game().unwrap();
                    let l = me.send(&game).unwrap();
                    them.open(&l).unwrap();
                    continue;
                }
            }
            let l = play_turn(me, &mut rng, 40);
            them.open(&l).unwrap();
        }
    }
    let LinkGame::Backgammon(g) = s[0].game().unwrap() else { panic!() };
    assert!(g.match_over(), "the match ended");
    assert!(g.record().iter().any(|x| matches!(x, bg::Action::Double { .. })));
}

/// The length of the link of a 60-turn backgammon game (printed; the bound: 1,500).
#[test]
fn link_of_a_60_turn_backgammon_game_is_under_1500_characters() {
    let (mut a, mut b) = pair(bg_setup(Variant::Backgammon));
    let mut rng = SplitMix64(60);
    let turns = |s: &Session| match s.game().unwrap() {
        LinkGame::Backgammon(g) => g.record().iter().filter(|x| matches!(x, bg::Action::Play { .. })).count(),
        LinkGame::Draughts(_) => 0,
    };
    let mut longest = 0;
    let mut at60 = None;
    for _ in 0..400 {
        if over(&a) {
            break;
        }
        let l = play_turn(&mut b, &mut rng, 0);
        a.open(&l).unwrap();
        longest = longest.max(l.len());
        if at60.is_none() && turns(&a) >= 60 {
            at60 = Some((l.len(), a.messages()));
        }
        let l = play_turn(&mut a, &mut rng, 0);
        b.open(&l).unwrap();
        longest = longest.max(l.len());
        if at60.is_none() && turns(&b) >= 60 {
            at60 = Some((l.len(), b.messages()));
        }
    }
    let (len, messages) = at60.unwrap_or((longest, a.messages()));
    println!("link of a 60-turn backgammon game (cube in play): {len} characters, {messages} messages");
    assert!(len < 1500, "{len}");
    // without the cube, one message per turn
    let mut o = Options::new(Variant::Backgammon);
    o.cube = false;
    let (a, _, links) = whole_game(Setup::Backgammon(o), 61, 0);
    let LinkGame::Backgammon(g) = a.game().unwrap() else { panic!() };
    let plays = g.record().iter().filter(|x| matches!(x, bg::Action::Play { .. })).count();
    println!("whole cubeless game: {plays} turns, link {} characters", links.last().unwrap().len());
}

// ----- the attacks -----

/// A game of a few turns, `b` to open `a`'s latest link next; returns the sessions and
/// `a`'s latest link (not yet opened by `b`).
fn midgame(turns: usize) -> (Session, Session, String) {
    let mut o = Options::new(Variant::Backgammon);
    o.cube = false;
    let (mut a, mut b) = pair(Setup::Backgammon(o));
    let mut rng = SplitMix64(5);
    for _ in 0..turns {
        let l = play_turn(&mut b, &mut rng, 0);
        a.open(&l).unwrap();
        let l = play_turn(&mut a, &mut rng, 0);
        b.open(&l).unwrap();
    }
    let l = play_turn(&mut b, &mut rng, 0);
    a.open(&l).unwrap();
    let last = play_turn(&mut a, &mut rng, 0);
    (a, b, last)
}

fn tamper(text: &str, f: impl FnOnce(&mut Link)) -> String {
    let mut l = Link::parse(text).unwrap();
    f(&mut l);
    l.to_text()
}

fn refused(s: &mut Session, link: &str, code: &str) {
    let before = s.link();
    let e = s.open(link).unwrap_err();
    assert_eq!(e.code(), code, "{e}");
    assert_eq!(s.link(), before, "the local game is kept");
}

/// The first play act of message `k` (from 0) and its index.
fn first_play(l: &Link, from: usize) -> (usize, usize) {
    for k in from..l.messages.len() {
        if let Some(a) = l.messages[k].acts.iter().position(|a| matches!(a, Act::Play(s) if s.len() >= 2)) {
            return (k, a);
        }
    }
    panic!("no play")
}

#[test]
fn link_altered_move_of_a_known_message_is_refused() {
    let (_, mut b, last) = midgame(4);
    // B's own earlier move, changed in A's link (A, or whoever carried it, rewrote history)
    let bad = tamper(&last, |l| {
        let (k, a) = first_play(l, 3);
        let Act::Play(steps) = &mut l.messages[k].acts[a] else { unreachable!() };
        steps.swap(0, 1);
        steps[0].0 = steps[0].0.saturating_sub(1);
    });
    refused(&mut b, &bad, "link-altered");
    b.open(&last).unwrap();
}

#[test]
fn link_altered_move_in_transit_is_refused_by_its_sender_on_the_reply() {
    // A's newest play rewritten on the way as another legal play (its steps in the other
    // order): B cannot tell, but A's own tabla refuses B's reply, which carries the change
    for turns in 2..12 {
        let (mut a, mut b, last) = midgame(turns);
        let mut l = Link::parse(&last).unwrap();
        let n = l.messages.len();
        let Some(i) =
            l.messages[n - 1].acts.iter().position(|x| matches!(x, Act::Play(s) if s.len() == 2 && s[0] != s[1]))
        else {
            continue;
        };
        let Act::Play(steps) = &mut l.messages[n - 1].acts[i] else { unreachable!() };
        steps.swap(0, 1);
        let altered = l.to_text();
        if b.open(&altered).is_err() {
            continue; // that order is not legal: refused at once (link-illegal)
        }
        let reply = play_turn(&mut b, &mut SplitMix64(3), 0);
        refused(&mut a, &reply, "link-altered");
        return;
    }
    panic!("no alteration tried");
}

#[test]
fn link_altered_die_is_refused() {
    let (_, mut b, last) = midgame(3);
    let bad = tamper(&last, |l| {
        let n = l.messages.len();
        let roll = l.messages[n - 1].acts.iter_mut().find(|a| matches!(a, Act::Roll(Some(_)))).unwrap();
        let Act::Roll(Some(d)) = roll else { unreachable!() };
        d[0] = d[0] % 6 + 1;
    });
    refused(&mut b, &bad, "link-bad-dice");
}

#[test]
fn link_replayed_old_link_is_refused() {
    let (mut a, mut b) = pair(bg_setup(Variant::Table));
    let mut rng = SplitMix64(8);
    let first = play_turn(&mut b, &mut rng, 0);
    a.open(&first).unwrap();
    let l = play_turn(&mut a, &mut rng, 0);
    b.open(&l).unwrap();
    let second = play_turn(&mut b, &mut rng, 0);
    a.open(&second).unwrap();
    refused(&mut a, &first, "link-stale");
    assert_eq!(a.open(&second).unwrap(), Opened::Unchanged);
}

#[test]
fn link_withheld_reveal_is_refused() {
    let (_, mut b, last) = midgame(3);
    let before = Link::parse(&b.link()).unwrap();
    let bad = tamper(&last, |l| l.heads[Side::Inviter.index()] = before.heads[Side::Inviter.index()]);
    refused(&mut b, &bad, "link-withheld-reveal");
}

#[test]
fn link_forged_reveal_is_refused() {
    let (_, mut b, last) = midgame(3);
    let bad = tamper(&last, |l| l.heads[Side::Inviter.index()] = Some([9; 32]));
    refused(&mut b, &bad, "link-bad-reveal");
}

#[test]
fn link_message_in_the_receivers_name_is_refused() {
    let (_, mut b, last) = midgame(2);
    let bad = tamper(&last, |l| l.messages.push(Message::default()));
    let e = b.open(&bad).unwrap_err();
    assert!(["link-out-of-turn", "link-altered"].contains(&e.code()), "{e}");
}

#[test]
fn link_of_another_game_is_refused() {
    let (_, mut b, last) = midgame(1);
    let bad = tamper(&last, |l| l.id = [0; 8]);
    refused(&mut b, &bad, "link-other-game");
    let bad = tamper(&last, |l| l.setup = bg_setup(Variant::Table));
    refused(&mut b, &bad, "link-altered");
}

#[test]
fn link_no_roll_before_both_seeds_are_committed() {
    let mut a = Session::invite(bg_setup(Variant::Table), root(1), [7; 8]);
    let mut g = a.game().unwrap();
    let LinkGame::Backgammon(bg) = &mut g else { panic!() };
    assert_eq!(bg.roll().unwrap_err().code(), "dice-exhausted", "no dice in the invitation");
    let invite = a.send(&a.game().unwrap()).unwrap();
    let forged = tamper(&invite, |l| l.messages[0].acts.push(Act::Roll(Some([6, 6]))));
    assert_eq!(Session::join(&forged, root(2)).unwrap_err().code(), "link-illegal");
}

/// LINK-DEFERRED-ROLL: with the cube available, the roller's dice are not in his game when he
/// decides whether to double; they come with his friend's next link.
#[test]
fn link_deferred_roll_when_the_roller_could_double() {
    let (a, b) = pair(bg_setup(Variant::Backgammon));
    let mut s = [a, b];
    let mut rng = SplitMix64(12);
    // play until someone is in phase Roll with the cube available
    for _ in 0..40 {
        for i in [1, 0] {
            let (me, them) = both(&mut s, i);
            let g = me.game().unwrap();
            if let LinkGame::Backgammon(g) = &g {
                if me.my_turn() && g.phase() == Phase::Roll && g.can_double() {
                    let mut probe = g.clone();
                    assert_eq!(probe.roll().unwrap_err().code(), "dice-exhausted", "no dice before the decision");
                    let sent = me.send(&LinkGame::Backgammon(g.clone())).unwrap();
                    let n = Link::parse(&sent).unwrap().messages.len();
                    assert_eq!(Link::parse(&sent).unwrap().messages[n - 1].acts, vec![Act::Roll(None)]);
                    them.open(&sent).unwrap();
                    // the friend sees the dice (his next element gives them) and sends them back
                    let LinkGame::Backgammon(seen) = them.game().unwrap() else { panic!() };
                    assert_eq!(seen.phase(), Phase::Move);
                    let back = them.send(&them.game().unwrap()).unwrap();
                    me.open(&back).unwrap();
                    let LinkGame::Backgammon(mine) = me.game().unwrap() else { panic!() };
                    assert_eq!(mine.dice(), seen.dice());
                    return;
                }
            }
            let l = play_turn(me, &mut rng, 0);
            them.open(&l).unwrap();
        }
    }
    panic!("no deferred roll met");
}

#[test]
fn link_an_incomplete_turn_cannot_be_sent() {
    let (mut a, mut b) = pair(Setup::Draughts(GameOptions::default()));
    let mut rng = SplitMix64(1);
    let l = play_turn(&mut b, &mut rng, 0);
    a.open(&l).unwrap();
    // A (White) sends without moving
    let e = a.send(&a.game().unwrap()).unwrap_err();
    assert_eq!(e.code(), "link-incomplete");
    // B cannot send in A's turn
    assert_eq!(b.send(&b.game().unwrap()).unwrap_err().code(), "link-out-of-turn");
}

#[test]
fn link_sessions_save_and_restore_with_their_secret() {
    let (a, _, _) = midgame(2);
    let save = a.to_save();
    let back = Session::from_save(&save).unwrap();
    assert_eq!(back.link(), a.link());
    assert_eq!(back.me(), Side::Inviter);
    let mut wrong = save.clone();
    wrong.secret = "00".repeat(32);
    assert_eq!(Session::from_save(&wrong).unwrap_err().code(), "link-altered");
}

#[test]
fn link_bad_text_is_refused_with_bad_link() {
    for t in ["", "!!!", "AAAA", &base64url(&[1, 2, 3]), &base64url(&[9; 40])] {
        assert_eq!(Link::parse(t).unwrap_err().code(), "bad-link", "{t}");
    }
    let (a, _, _) = midgame(1);
    let mut bytes = from_base64url(&a.link()).unwrap();
    bytes.push(0);
    assert_eq!(Link::parse(&base64url(&bytes)).unwrap_err().code(), "bad-link");
    let url = format!("https://example.org/tabla/#g={}", a.link());
    assert_eq!(Link::parse(&url).unwrap().to_text(), a.link());
}

fn any_act(draughts: bool) -> BoxedStrategy<Act> {
    if draughts {
        prop::collection::vec(0u8..32, 2..12).prop_map(Act::Move).boxed()
    } else {
        prop_oneof![
            prop::option::of((1u8..=6, 1u8..=6).prop_map(|(a, b)| [a, b])).prop_map(Act::Roll),
            prop::collection::vec((0u8..26, 1u8..=6), 0..=4).prop_map(Act::Play),
            (1u8..=6).prop_map(Act::ChooseDoubles),
            Just(Act::Double),
            Just(Act::Take),
            Just(Act::Pass),
            (0usize..7).prop_map(|i| Act::Resign(tabla::link::RESIGN_KINDS[i])),
            Just(Act::AcceptResignation),
            Just(Act::DeclineResignation),
            Just(Act::NextGame),
        ]
        .boxed()
    }
}

fn any_link() -> BoxedStrategy<Link> {
    (
        0usize..4,
        any::<bool>(),
        0u32..=255,
        any::<bool>(),
        any::<bool>(),
        any::<[u8; 8]>(),
        any::<[u8; 32]>(),
        any::<[u8; 32]>(),
    )
        .prop_flat_map(|(kind, cube, match_length, draw_rules, touch_move, id, h1, h2)| {
            let setup = if kind == 3 {
                Setup::Draughts(GameOptions { draw_rules, touch_move })
            } else {
                let mut o = Options::new(Variant::ALL[kind]);
                o.cube = cube;
                o.match_length = match_length;
                Setup::Backgammon(o)
            };
            let message = prop::collection::vec(any_act(kind == 3), 0..6).prop_map(|acts| Message { acts });
            prop::collection::vec(message, 0..30).prop_map(move |messages| {
                let heads = [(!messages.is_empty()).then_some(h1), (messages.len() > 1).then_some(h2)];
                Link { id, setup, messages, heads }
            })
        })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The encoding: any link (options, messages, acts, heads) reads back as itself.
    #[test]
    fn link_encoding_round_trips(link in any_link()) {
        let back = Link::parse(&link.to_text()).unwrap();
        prop_assert_eq!(back.id, link.id);
        prop_assert_eq!(back.setup, link.setup);
        prop_assert_eq!(back.messages, link.messages);
        prop_assert_eq!(back.heads, link.heads);
    }

}

proptest! {
    // each case plays a whole game, every link verified by a full replay
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// Random whole games by link: both sides end with the same game, and every link read
    /// back gives the same link text.
    #[test]
    fn link_random_games_by_link_agree(seed in any::<u64>(), kind in 0usize..4) {
        let setup = if kind == 3 { Setup::Draughts(GameOptions::default()) } else { bg_setup(Variant::ALL[kind]) };
        let (a, b, links) = whole_game(setup, seed, 24);
        prop_assert_eq!(position(&a), position(&b));
        for l in links.iter().rev().take(3) {
            prop_assert_eq!(&Link::parse(l).unwrap().to_text(), l);
        }
    }
}

#[test]
fn link_draughts_options_travel() {
    let setup = Setup::Draughts(GameOptions { draw_rules: false, touch_move: true });
    let (_, b) = pair(setup);
    assert_eq!(b.setup(), setup);
    let LinkGame::Draughts(g) = b.game().unwrap() else { panic!() };
    assert_eq!(g.options(), GameOptions { draw_rules: false, touch_move: true });
    assert_eq!(LinkError::Exhausted.code(), "link-exhausted");
}
