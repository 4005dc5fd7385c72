//! The Russian draughts computer opponent.
