//! Matches and the records they leave: the arena that plays two GTP engines against each
//! other, self-play by the built-in player, and the folders of numbered SGF records both write.

pub mod arena;
pub mod records;
pub mod selfplay;
