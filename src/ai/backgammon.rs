//! The backgammon-family computer opponent.
