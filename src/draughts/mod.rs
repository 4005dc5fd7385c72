//! Russian draughts (shashki).
