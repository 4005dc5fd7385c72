//! BG-DRAG-PATH: one checker dragged over several dice takes the path the engine chooses, the
//! same whatever the order of the dice (issue 14, item 3), and `destinations` shows exactly the
//! steps `step_to` makes.

use tabla::backgammon::{Game, Options, Step};
use tabla::dice::Dice;

fn game(id: &str, d1: u8, d2: u8) -> Game {
    let mut g = Game::from_position_id(id, Options::default(), Dice::fixed([])).unwrap();
    g.set_dice(d1, d2).unwrap();
    g
}

/// `xP8PAADg/wMAMA`, 24 -> 16 with 6-2: 24/18/16 (no hit on the way) with the dice in either
/// order, as gnubg's `24/16` means; 24/22*/16 would be written with the hit.
#[test]
fn bg_drag_path_hits_nothing_on_the_way_whatever_the_dice_order() {
    let mut seen = Vec::new();
    for (d1, d2) in [(2, 6), (6, 2)] {
        let mut g = game("xP8PAADg/wMAMA", d1, d2);
        let shown = g.destinations(24).into_iter().find(|d| d.to == 16).expect("16 is reachable").steps;
        let made = g.step_to(24, 16).unwrap();
        assert_eq!(shown, made, "destinations shows what step_to makes");
        assert!(!made[0].hit, "{made:?}");
        assert_eq!((made[0].from, made[0].to, made[1].to), (24, 18, 16));
        seen.push(made);
    }
    assert_eq!(seen[0], seen[1]);
}

/// With nothing to hit either way, the larger die goes first, again whatever the order.
#[test]
fn bg_drag_path_uses_the_larger_die_first_when_nothing_else_differs() {
    for (d1, d2) in [(3, 5), (5, 3)] {
        let mut g = Game::with_seed(Options::default(), 1);
        g.set_dice(d1, d2).unwrap();
        let steps = g.step_to(13, 5).unwrap();
        assert_eq!(steps.iter().map(|s| s.die).collect::<Vec<_>>(), [5, 3], "{d1}-{d2}");
    }
}

/// Every destination is a legal partial play: its steps, replayed one by one, are accepted.
#[test]
fn bg_destinations_are_made_of_legal_steps() {
    let g = game("xP8PAADg/wMAMA", 6, 2);
    let all = g.destinations(24);
    assert!(!all.is_empty());
    for d in all {
        let mut h = g.clone();
        for Step { from, die, .. } in &d.steps {
            h.step_die(*from, *die).unwrap();
        }
        assert_eq!(d.steps.last().unwrap().to, d.to);
    }
}
