//! A stable insertion sort for the short lists the engines order (the moves of one play, the
//! candidate plays of one roll).
//!
//! `slice::sort_by` is the right tool in general, but each element type and comparator makes
//! its own copy of the standard library's merge/quick sort, several kilobytes of WebAssembly
//! apiece; this one costs a few hundred bytes per use. It is stable (equal elements keep their
//! order) and quadratic, so it is only for lists of at most a few hundred elements.

use std::cmp::Ordering;

/// Sorts `v` stably by `compare`.
pub fn sort_by<T>(v: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && compare(&v[j - 1], &v[j]) == Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The result is the standard library's stable sort, ties included.
        #[test]
        fn matches_the_standard_stable_sort(v in proptest::collection::vec((0u8..5, any::<u16>()), 0..60)) {
            let mut ours = v.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std = v;
            std.sort_by_key(|e| e.0);
            prop_assert_eq!(ours, std);
        }
    }
}
