//! pubeval: Gerry Tesauro's public-domain linear evaluator (1993), the standard yardstick for
//! backgammon programs. Two weight vectors (contact and race) over a raw encoding of the board;
//! the play with the highest score wins. The weights are the published numbers; the code is ours.
//!
//! Verified against GNU Backgammon's `pub_best_move` (gnubg-nn) by `scripts/gnubg/check_pubeval.py`.

use crate::backgammon::{MoveRules, Position};

/// Race weights: 24 groups of 5 (the mover's points 24 down to 1), then opponent's bar, mover's off.
const RACE: [f32; 122] = [
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471, 0.00000, -1.40375, -1.05121, 0.07217, -0.01351, 0.00000, -1.29506,
    -2.16183, 0.13246, -1.03508, 0.00000, -2.29847, -2.34631, 0.17253, 0.08302, 0.00000, -1.27266, -2.87401, -0.07456,
    -0.34240, 0.00000, -1.34640, -2.46556, -0.13022, -0.01591, 0.00000, 0.27448, 0.60015, 0.48302, 0.25236, 0.00000,
    0.39521, 0.68178, 0.05281, 0.09266, 0.00000, 0.24855, -0.06844, -0.37646, 0.05685, 0.00000, 0.17405, 0.00430,
    0.74427, 0.00576, 0.00000, 0.12392, 0.31202, -0.91035, -0.16270, 0.00000, 0.01418, -0.10839, -0.02781, -0.88035,
    0.00000, 1.07274, 2.00366, 1.16242, 0.22520, 0.00000, 0.85631, 1.06349, 1.49549, 0.18966, 0.00000, 0.37183,
    -0.50352, -0.14818, 0.12039, 0.00000, 0.13681, 0.13978, 1.11245, -0.12707, 0.00000, -0.22082, 0.20178, -0.06285,
    -0.52728, 0.00000, -0.13597, -0.19412, -0.09308, -1.26062, 0.00000, 3.05454, 5.16874, 1.50680, 5.35000, 0.00000,
    2.19605, 3.85390, 0.88296, 2.30052, 0.00000, 0.92321, 1.08744, -0.11696, -0.78560, 0.00000, -0.09795, -0.83050,
    -1.09167, -4.94251, 0.00000, -1.00316, -3.66465, -2.56906, -9.67677, 0.00000, -2.77982, -7.26713, -3.40177,
    -12.32252, 0.00000, 3.42040,
];

/// Contact weights, same layout.
const CONTACT: [f32; 122] = [
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654, -0.92830, -1.99558, -1.10388,
    -0.80802, 0.09856, -0.62086, -1.27999, -0.59220, -0.73667, 0.89032, -0.38933, -1.59847, -1.50197, -0.60966,
    1.56166, -0.47389, -1.80390, -0.83425, -0.97741, -1.41371, 0.24500, 0.10970, -1.36476, -1.05572, 1.15420, 0.11069,
    -0.38319, -0.74816, -0.59244, 0.81116, -0.39511, 0.11424, -0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435,
    -0.43363, 1.06169, -0.21329, 0.04798, -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882, -0.13658, 1.78389,
    0.30416, 0.36797, -0.69851, 0.13003, 1.23070, 0.40868, -0.21081, -0.64073, 0.31061, 1.59554, 0.65718, 0.25429,
    -0.80789, 0.08240, 1.78964, 0.54304, 0.41174, -1.06161, 0.07851, 2.01451, 0.49786, 0.91936, -0.90750, 0.05941,
    1.83120, 0.58722, 1.28777, -0.83711, -0.33248, 2.64983, 0.52698, 0.82132, -0.58897, -1.18223, 3.35809, 0.62017,
    0.57353, -0.07276, -0.36214, 4.37655, 0.45481, 0.21746, 0.10504, -0.61977, 3.54001, 0.04612, -0.18108, 0.63211,
    -0.87046, 2.47673, -0.48016, -1.27157, 0.86505, -1.11342, 1.24612, -0.82385, -2.77082, 1.23606, -1.59529, 0.10438,
    -1.30206, -4.11520, 5.62596, -2.75800,
];

/// pubeval's score of `after` (the position after a play, still seen from the player who moved);
/// `race` is whether the position *before* the play was a race.
pub fn score(after: &Position, race: bool) -> f32 {
    if after.off(false) == 15 {
        return 99_999_999.0;
    }
    let w = if race { &RACE } else { &CONTACT };
    let b = after.board();
    let mut s = 0.0f32;
    // Block k encodes the mover's point 24 - k.
    for k in 0..24 {
        let n = b[24 - k];
        if n == 0 {
            continue;
        }
        let base = 5 * k;
        if n == -1 {
            s += w[base];
        }
        if n == 1 {
            s += w[base + 1];
        }
        if n >= 2 {
            s += w[base + 2];
        }
        if n == 3 {
            s += w[base + 3];
        }
        if n >= 4 {
            s += w[base + 4] * (n as f32 - 3.0) / 2.0;
        }
    }
    // Opponent's bar (stored negative in the board, so this is +count / 2).
    s += w[120] * (-(b[0] as f32) / 2.0);
    s += w[121] * (after.off(false) as f32 / 15.0);
    s
}

/// The play pubeval picks for `pos` and the dice: the resulting position (mover's view, not
/// flipped). Ties go to the first play generated.
pub fn best_play(pos: &Position, d1: u8, d2: u8, rules: MoveRules, buf: &mut Vec<Position>) -> Position {
    pos.plays_into(d1, d2, rules, buf);
    let race = pos.is_race();
    let mut best = buf[0];
    let mut best_s = f32::NEG_INFINITY;
    for q in buf.iter() {
        let s = score(q, race);
        if s > best_s {
            best_s = s;
            best = *q;
        }
    }
    best
}
