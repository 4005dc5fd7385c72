//! Perft: counting the leaf nodes of the legal move tree, the standard check of a move
//! generator (docs/rules.md 2.5).
//!
//! Two conventions: [`perft`] counts one move per (start, end, captured set), the table of
//! docs/rules.md 2.5; [`perft_paths`] counts every distinct capture path (moves with the same start,
//! end and captured set but different landing squares count separately). Both count the moves
//! at the last ply without playing them ("bulk counting").

use super::moves::Move;
use super::position::Position;

struct Perft {
    bufs: Vec<Vec<Move>>,
    scratch: Vec<u64>,
    all_paths: bool,
}

impl Perft {
    fn new(depth: u32, all_paths: bool) -> Perft {
        Perft { bufs: (0..depth).map(|_| Vec::with_capacity(64)).collect(), scratch: Vec::with_capacity(64), all_paths }
    }

    fn run(&mut self, pos: &Position, depth: u32, ply: usize) -> u64 {
        if depth <= 1 {
            return if depth == 0 { 1 } else { pos.count_with(&mut self.scratch, self.all_paths) };
        }
        if depth == 2 {
            if let Some(n) = pos.perft2_quiet(&mut self.scratch, self.all_paths) {
                return n;
            }
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        if self.all_paths {
            pos.legal_paths_into(&mut buf);
        } else {
            pos.legal_moves_into(&mut buf);
        }
        let mut n = 0;
        for m in &buf {
            n += self.run(&pos.after_unhashed(m), depth - 1, ply + 1);
        }
        self.bufs[ply] = buf;
        n
    }
}

/// Leaf nodes at `depth`, one move per (start, end, captured set).
///
/// ```
/// use tabla::draughts::{Position, perft};
/// assert_eq!(perft(&Position::start(), 4), 1469);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    Perft::new(depth, false).run(pos, depth, 0)
}

/// Leaf nodes at `depth`, counting every distinct capture path.
pub fn perft_paths(pos: &Position, depth: u32) -> u64 {
    Perft::new(depth, true).run(pos, depth, 0)
}

/// Perft split by first move: each legal move (or path, if `all_paths`) with the leaf count
/// below it at `depth` (`depth >= 1`).
pub fn perft_divide(pos: &Position, depth: u32, all_paths: bool) -> Vec<(Move, u64)> {
    let moves = if all_paths { pos.legal_paths() } else { pos.legal_moves() };
    let mut p = Perft::new(depth.max(1), all_paths);
    moves
        .into_iter()
        .map(|m| {
            let n = p.run(&pos.after(&m), depth.saturating_sub(1), 1);
            (m, n)
        })
        .collect()
}
