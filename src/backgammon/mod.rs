//! The backgammon family: backgammon, table and acey-deucey.
