//! Play notation: gnubg-style printing, loose parsing, resolution against the legal plays.

use tabla::backgammon::notation::{parse_play, resolve};
use tabla::backgammon::{MoveRules, NotationError, Position, format_play};

const DATA: &str = include_str!("data/backgammon/gnubg_plays.txt");

mod support;
use support::pos;

fn texts(p: &Position, a: u8, b: u8) -> Vec<String> {
    p.legal_plays(a, b, MoveRules::STANDARD).iter().map(|pl| format_play(p, pl.steps())).collect()
}

fn resolved(p: &Position, a: u8, b: u8, text: &str) -> Result<String, NotationError> {
    let plays = p.legal_plays(a, b, MoveRules::STANDARD);
    resolve(text, p, &plays).map(|i| format_play(p, plays[i].steps()))
}

#[test]
fn prints_like_gnubg() {
    let start = Position::start();
    let t = texts(&start, 6, 4);
    for want in ["24/18 13/9", "24/14", "8/2 6/2", "24/20 13/7"] {
        assert!(t.contains(&want.to_string()), "{want} not in {t:?}");
    }
    assert!(texts(&start, 4, 4).contains(&"24/20(2) 13/9(2)".to_string()));
    assert!(texts(&start, 4, 4).contains(&"24/16(2)".to_string()));
    // Entering with a hit.
    let p = pos(&[(25, 1), (6, 14)], &[(22, 1), (1, 14)]);
    assert!(texts(&p, 3, 1).iter().any(|t| t.starts_with("bar/22*")), "{:?}", texts(&p, 3, 1));
    // Bearing off.
    let p = pos(&[(6, 2), (5, 1)], &[(24, 15)]);
    assert!(texts(&p, 6, 5).contains(&"6/off 5/off".to_string()), "{:?}", texts(&p, 6, 5));
    // A hit on the way keeps the intermediate point.
    let p = pos(&[(24, 1), (6, 14)], &[(21, 1), (1, 14)]);
    let t = texts(&p, 5, 3);
    assert!(t.contains(&"24/21*/16".to_string()), "{t:?}");
    assert!(t.contains(&"24/16".to_string()), "{t:?}");
    // No move.
    let p = pos(&[(25, 1), (6, 14)], &[(19, 2), (20, 2), (21, 2), (22, 2), (23, 2), (24, 2), (1, 3)]);
    assert_eq!(texts(&p, 6, 6), vec![String::new()]);
}

#[test]
fn resolves_loose_forms() {
    let start = Position::start();
    assert_eq!(resolved(&start, 3, 1, "8/5 6/5").unwrap(), "8/5 6/5");
    assert_eq!(resolved(&start, 3, 1, "6/5, 8/5").unwrap(), "8/5 6/5");
    assert_eq!(resolved(&start, 3, 1, "8-5 6-5").unwrap(), "8/5 6/5");
    assert_eq!(resolved(&start, 3, 1, "24/21/20").unwrap(), "24/20");
    assert_eq!(resolved(&start, 3, 1, "24/20").unwrap(), "24/20");
    assert_eq!(resolved(&start, 6, 6, "13/7 13/7 24/18 24/18").unwrap(), "24/18(2) 13/7(2)");
    assert_eq!(resolved(&start, 6, 6, "24/18(2) 13/7(2)").unwrap(), "24/18(2) 13/7(2)");
    let p = pos(&[(25, 1), (6, 14)], &[(22, 1), (1, 14)]);
    assert!(resolved(&p, 3, 1, "b/22 22/21").is_ok());
    assert!(resolved(&p, 3, 1, "25/22* 6/5").is_ok());
    let p = pos(&[(6, 2), (5, 1)], &[(24, 15)]);
    assert_eq!(resolved(&p, 6, 5, "6/0 5/0").unwrap(), "6/off 5/off");
    // Choosing the hit or the quiet way through.
    let p = pos(&[(24, 1), (6, 14)], &[(21, 1), (1, 14)]);
    assert_eq!(resolved(&p, 5, 3, "24/16").unwrap(), "24/16");
    assert_eq!(resolved(&p, 5, 3, "24/21*/16").unwrap(), "24/21*/16");
}

#[test]
fn rejects_with_reasons() {
    let start = Position::start();
    let e = resolved(&start, 3, 1, "24/18").unwrap_err();
    assert!(matches!(e, NotationError::Illegal { .. }), "{e}");
    assert!(e.to_string().contains("not a legal play"), "{e}");
    let e = resolved(&start, 3, 1, "24/21").unwrap_err();
    assert!(e.to_string().contains("2 moves"), "{e}");
    let e = resolved(&start, 3, 1, "").unwrap_err();
    assert!(e.to_string().contains("cannot be passed"), "{e}");
    assert!(matches!(parse_play("13/20"), Err(NotationError::Syntax { .. })));
    assert!(matches!(parse_play("13/7(0)"), Err(NotationError::Syntax { .. })));
    assert!(matches!(parse_play("*13/7"), Err(NotationError::Syntax { .. })));
    assert!(matches!(parse_play("off/3"), Err(NotationError::Syntax { .. })));
    assert!(matches!(parse_play("13/7(2"), Err(NotationError::Syntax { .. })));
    assert!(parse_play("99/3").unwrap_err().to_string().contains("no point 99"));
}

#[test]
fn every_play_of_the_gnubg_data_round_trips_through_its_text() {
    let mut n = 0;
    for line in DATA.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let p = Position::from_position_id(f[0]).unwrap();
        let roll: tabla::Roll = f[1].parse().unwrap();
        let plays = p.legal_plays(roll.0.value(), roll.1.value(), MoveRules::STANDARD);
        for (i, pl) in plays.iter().enumerate() {
            let text = format_play(&p, pl.steps());
            let j = resolve(&text, &p, &plays).unwrap_or_else(|e| panic!("{}: {e}", f[0]));
            assert_eq!(plays[j].result, plays[i].result, "{} {} '{text}'", f[0], f[1]);
            n += 1;
        }
    }
    assert!(n > 10_000, "{n}");
}
