//! Perft of the Russian draughts move generator: docs/rules.md 2.5 from the start, and a suite of
//! positions with counts from independent generators (tests/data/draughts/).

use tabla::draughts::{Position, perft, perft_paths};

/// docs/rules.md 2.5, one move per (start, end, captured set).
const START_MOVES: [u64; 10] = [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032];
/// docs/rules.md 2.5, every capture path (differs from depth 8 on).
const START_PATHS: [u64; 10] = [7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450647];

#[test]
fn perft_start_depth_1_to_8_both_conventions() {
    let p = Position::start();
    for d in 1..=8u32 {
        assert_eq!(perft(&p, d), START_MOVES[d as usize - 1], "moves, depth {d}");
        assert_eq!(perft_paths(&p, d), START_PATHS[d as usize - 1], "paths, depth {d}");
    }
}

#[test]
#[ignore = "slow in debug builds; run with --ignored (takes about a second in release)"]
fn perft_start_depth_9_and_10_both_conventions() {
    let p = Position::start();
    for d in 9..=10u32 {
        assert_eq!(perft(&p, d), START_MOVES[d as usize - 1], "moves, depth {d}");
        assert_eq!(perft_paths(&p, d), START_PATHS[d as usize - 1], "paths, depth {d}");
    }
}

struct Case {
    fen: String,
    depth: u32,
    moves: u64,
    /// `None` where the file has `-` (no path count from the oracle).
    paths: Option<u64>,
}

fn load(text: &str) -> Vec<Case> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 4, "bad suite line: {l}");
            Case {
                fen: f[0].to_string(),
                depth: f[1].parse().unwrap(),
                moves: f[2].parse().unwrap(),
                paths: if f[3] == "-" { None } else { Some(f[3].parse().unwrap()) },
            }
        })
        .collect()
}

#[test]
fn perft_public_suite() {
    let cases = load(include_str!("data/draughts/perft_public.txt"));
    assert_eq!(cases.len(), 13);
    for c in &cases {
        let p = Position::from_fen(&c.fen).unwrap();
        assert_eq!(perft(&p, c.depth), c.moves, "moves: {} depth {}", c.fen, c.depth);
        if let Some(paths) = c.paths {
            assert_eq!(perft_paths(&p, c.depth), paths, "paths: {} depth {}", c.fen, c.depth);
        }
    }
}

#[test]
fn perft_king_suite() {
    let mut cases = load(include_str!("data/draughts/perft_suite.txt"));
    assert!(cases.len() >= 15);
    cases.extend(load(include_str!("data/draughts/perft_suite_deep.txt")));
    for c in &cases {
        let p = Position::from_fen(&c.fen).unwrap();
        assert_eq!(perft(&p, c.depth), c.moves, "moves: {} depth {}", c.fen, c.depth);
        if let Some(paths) = c.paths {
            assert_eq!(perft_paths(&p, c.depth), paths, "paths: {} depth {}", c.fen, c.depth);
        }
    }
}

/// The legal moves of 1000 random positions (kings everywhere, 80% with captures) against
/// py-draughts' move lists and pydraughts' path counts (tests/data/draughts/movegen_oracle.txt).
#[test]
fn movegen_matches_oracle_on_random_positions() {
    use std::collections::BTreeSet;
    use tabla::draughts::Square;
    let text = include_str!("data/draughts/movegen_oracle.txt");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('|').collect();
        let p = Position::from_fen(f[0]).unwrap();
        let want: BTreeSet<(Square, Square, u32)> = f[2]
            .split_whitespace()
            .map(|m| {
                let parts: Vec<&str> = m.split([':', '-']).collect();
                let sq = |s: &str| Square::parse(s).unwrap();
                let captured = parts.get(2).map(|c| c.split(',').fold(0u32, |b, s| b | sq(s).bit())).unwrap_or(0);
                (sq(parts[0]), sq(parts[1]), captured)
            })
            .collect();
        let moves = p.legal_moves();
        let got: BTreeSet<(Square, Square, u32)> = moves.iter().map(|m| (m.from(), m.to(), m.captured())).collect();
        assert_eq!(got, want, "{}", f[0]);
        assert_eq!(moves.len(), want.len(), "{}", f[0]);
        assert_eq!(p.legal_paths().len(), f[1].parse::<usize>().unwrap(), "paths: {}", f[0]);
        n += 1;
    }
    assert_eq!(n, 1000);
}
