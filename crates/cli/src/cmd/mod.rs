//! One module per subcommand.

pub mod analyze;
pub mod certificate;
pub mod completions;
pub mod hint;
pub mod info;
pub mod openers;
pub mod optimal;
pub mod play;
pub mod review;
pub mod score;
pub mod serve;
pub mod shard;
pub mod solve;
pub mod strategies;
pub mod verify;
