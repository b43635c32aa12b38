//! Charts as SVG files (`analyze --plot FILE.svg`).

use std::path::Path;

use codebreak_analysis::Analysis;

use crate::failure::Failure;

/// Writes the guess histograms of one or more analyses as an SVG bar chart.
pub fn write_svg(results: &[Analysis], game: &str, path: &Path) -> Result<(), Failure> {
    let _ = (results, game);
    Err(Failure::BadInput(anyhow::anyhow!(
        "plotting is not built yet (asked for {})",
        path.display()
    )))
}
