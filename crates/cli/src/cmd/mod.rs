//! One module per subcommand.

pub mod analyze;
pub mod completions;
pub mod score;
pub mod serve;
pub mod strategies;
