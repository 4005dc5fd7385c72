//! The net's inputs: the classic truncated per-point encoding, from the side on roll, plus bar,
//! borne-off and not-yet-entered counts and a few hand-made features.
//!
//! Layout ([`NUM_INPUTS`] values):
//! - `0..96`: the mover's points 1..24, four units each: 1 if at least one checker, 1 if at least
//!   two, 1 if at least three, (n - 3) / 2 above three;
//! - `96..192`: the same for the opponent, on his own points 1..24;
//! - `192, 193`: checkers on the bar / 2 (mover, opponent);
//! - `194, 195`: checkers borne off / 15;
//! - `196, 197`: acey-deucey checkers not yet entered / 15;
//! - `198, 199`: pip counts / 100;
//! - `200`: 1 if the position is a race (no more contact);
//! - `201, 202`: the longest run of consecutive made points (a prime) / 6;
//! - `203, 204`: blots (single checkers on points) / 5;
//! - `205, 206`: made points in the home board / 6.

use crate::backgammon::Position;

/// The number of inputs.
pub const NUM_INPUTS: usize = 207;

#[inline(always)]
fn units(x: &mut [f32], base: usize, n: i8) {
    if n >= 1 {
        x[base] = 1.0;
        if n >= 2 {
            x[base + 1] = 1.0;
            if n >= 3 {
                x[base + 2] = 1.0;
                if n > 3 {
                    x[base + 3] = (n as f32 - 3.0) / 2.0;
                }
            }
        }
    }
}

/// Writes the inputs for `p` (seen from the side on roll) into `x`.
pub fn encode(p: &Position, x: &mut [f32; NUM_INPUTS]) {
    x.fill(0.0);
    let b = p.board();
    let mut run = [0u8; 2];
    let mut best_run = [0u8; 2];
    let mut blots = [0u8; 2];
    let mut home = [0u8; 2];
    for (i, &c) in b.iter().enumerate().take(25).skip(1) {
        if c > 0 {
            units(x, (i - 1) * 4, c);
        } else if c < 0 {
            // Opponent's own point number: 25 - i.
            units(x, 96 + (24 - i) * 4, -c);
        }
        // Primes: consecutive points with 2+ checkers of one side.
        if c >= 2 {
            run[0] += 1;
            best_run[0] = best_run[0].max(run[0]);
        } else {
            run[0] = 0;
        }
        if c <= -2 {
            run[1] += 1;
            best_run[1] = best_run[1].max(run[1]);
        } else {
            run[1] = 0;
        }
        if c == 1 {
            blots[0] += 1;
        } else if c == -1 {
            blots[1] += 1;
        }
        if c >= 2 && i <= 6 {
            home[0] += 1;
        }
        if c <= -2 && i >= 19 {
            home[1] += 1;
        }
    }
    x[192] = p.bar(false) as f32 / 2.0;
    x[193] = p.bar(true) as f32 / 2.0;
    x[194] = p.off(false) as f32 / 15.0;
    x[195] = p.off(true) as f32 / 15.0;
    x[196] = p.unentered(false) as f32 / 15.0;
    x[197] = p.unentered(true) as f32 / 15.0;
    let pips = p.pips();
    x[198] = pips[0] as f32 / 100.0;
    x[199] = pips[1] as f32 / 100.0;
    x[200] = if p.is_race() { 1.0 } else { 0.0 };
    x[201] = best_run[0] as f32 / 6.0;
    x[202] = best_run[1] as f32 / 6.0;
    x[203] = blots[0] as f32 / 5.0;
    x[204] = blots[1] as f32 / 5.0;
    x[205] = home[0] as f32 / 6.0;
    x[206] = home[1] as f32 / 6.0;
}
