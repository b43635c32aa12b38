//! Charts as SVG files (`analyze --plot FILE.svg`), drawn with plotters' SVG backend (text is
//! written as SVG text, so no font files are needed).

use std::path::Path;

use codebreak_session::Analysis;
use plotters::prelude::*;

use crate::failure::Failure;

/// Bar colours, one per strategy (the same order as the web UI's chart).
const SERIES: [RGBColor; 8] = [
    RGBColor(0x3b, 0x5b, 0xdb),
    RGBColor(0xf0, 0x8c, 0x00),
    RGBColor(0x2f, 0x9e, 0x44),
    RGBColor(0xc2, 0x25, 0x5c),
    RGBColor(0x70, 0x48, 0xe8),
    RGBColor(0x0c, 0x85, 0x99),
    RGBColor(0xe8, 0x59, 0x0c),
    RGBColor(0x5c, 0x94, 0x0d),
];

/// Refuses a plot file whose name does not end in `.svg`: the chart is always SVG, and SVG
/// text in a `.png` file opens as a broken image. (Callers may check before any work.)
pub fn check_path(path: &Path) -> Result<(), Failure> {
    let svg = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if svg {
        return Ok(());
    }
    Err(Failure::BadInput(anyhow::anyhow!(
        "cannot write plot file {}: the chart is written as SVG, so expected a name ending in .svg (such as {})",
        path.display(),
        path.with_extension("svg").display()
    )))
}

/// Writes the guess histograms of one or more analyses as an SVG bar chart: one group of bars
/// per number of guesses, one bar per strategy, with axis labels and a legend. The file name
/// must end in `.svg` ([`check_path`]).
pub fn write_svg(results: &[Analysis], game: &str, path: &Path) -> Result<(), Failure> {
    check_path(path)?;
    if results.is_empty() {
        return Err(Failure::BadInput(anyhow::anyhow!(
            "--plot needs at least one analysis to draw"
        )));
    }
    let svg = render(results, game)
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("cannot draw the chart: {e}")))?;
    std::fs::write(path, svg).map_err(|e| {
        Failure::BadInput(anyhow::anyhow!(
            "cannot write plot file {}: {e}",
            path.display()
        ))
    })
}

/// The chart as SVG text.
pub fn render(results: &[Analysis], game: &str) -> Result<String, Box<dyn std::error::Error>> {
    let worst = results
        .iter()
        .map(|a| a.figures.worst)
        .max()
        .unwrap_or(1)
        .max(1);
    let top = results
        .iter()
        .flat_map(|a| a.figures.histogram.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (960, 560)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Guesses needed: {game}"), ("sans-serif", 22))
            .margin(18)
            .x_label_area_size(50)
            .y_label_area_size(80)
            // Head room above the tallest bar for the legend (one line per strategy).
            .build_cartesian_2d(
                0.5f64..worst as f64 + 0.5,
                0f64..top as f64 * (1.12 + 0.075 * results.len() as f64),
            )?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .y_labels(8)
            .x_labels(worst + 1)
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-9 && *x >= 1.0 {
                    format!("{}", x.round() as i64)
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| format!("{}", y.round() as i64))
            .x_desc("guesses needed")
            .y_desc("secrets")
            .axis_desc_style(("sans-serif", 16))
            .label_style(("sans-serif", 13))
            .draw()?;
        let n = results.len() as f64;
        let width = 0.8 / n;
        for (i, a) in results.iter().enumerate() {
            let color = SERIES[i % SERIES.len()];
            let x_of = move |k: usize| k as f64 - 0.4 + i as f64 * width;
            let bars = a
                .figures
                .histogram
                .iter()
                .enumerate()
                .skip(1)
                .filter(|&(_, &count)| count > 0)
                .map(move |(k, &count)| {
                    Rectangle::new(
                        [(x_of(k), 0.0), (x_of(k) + width * 0.92, count as f64)],
                        color.filled(),
                    )
                });
            chart
                .draw_series(bars)?
                .label(format!(
                    "{}: average {} = {:.4}, worst {}",
                    a.description,
                    a.figures.fraction(),
                    a.figures.average(),
                    a.figures.worst
                ))
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 6), (x + 14, y + 6)], color.filled())
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK.mix(0.4))
            .label_font(("sans-serif", 14))
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use codebreak_core::{AnyEngine, Game, GameSpec};
    use codebreak_strategy::{AnyStrategy, StrategyOptions};

    fn analyses(names: &[&str]) -> (Vec<Analysis>, String) {
        let game = Game::new(&GameSpec::mastermind(3, 4)).unwrap();
        let engine = AnyEngine::new(&game).unwrap();
        let results = names
            .iter()
            .map(|n| {
                let s = AnyStrategy::new(n, &StrategyOptions::default(), &game, engine.space())
                    .unwrap();
                Analysis::exhaustive(
                    codebreak_analysis::analyze(&engine, &s, None).unwrap(),
                    &game,
                )
            })
            .collect();
        (results, game.to_string())
    }

    #[test]
    fn writes_a_valid_svg_naming_every_strategy() {
        let (results, game) = analyses(&["first", "minimax", "entropy"]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("chart.svg");
        write_svg(&results, &game, &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        for name in ["first", "minimax", "entropy", "guesses needed", "secrets"] {
            assert!(text.contains(name), "{name} missing from the chart");
        }
        // One bar per non-empty histogram cell, plus the legend swatches.
        let bars: usize = results
            .iter()
            .map(|a| {
                a.figures
                    .histogram
                    .iter()
                    .skip(1)
                    .filter(|&&n| n > 0)
                    .count()
            })
            .sum();
        let rects = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
        assert!(
            rects >= bars + results.len(),
            "{rects} rects for {bars} bars"
        );
    }

    #[test]
    fn only_svg_names_are_accepted() {
        let (results, game) = analyses(&["minimax"]);
        let dir = tempfile::tempdir().unwrap();
        for name in ["chart.png", "chart", "chart.svg.pdf"] {
            let path = dir.path().join(name);
            match write_svg(&results, &game, &path).unwrap_err() {
                Failure::BadInput(e) => {
                    let msg = e.to_string();
                    assert!(
                        msg.contains(name)
                            && msg.contains("written as SVG")
                            && msg.contains(".svg")
                            && !msg.contains('\n'),
                        "{msg}"
                    );
                }
                Failure::NoAnswer(e) | Failure::Interrupted(e) => {
                    panic!("expected bad input, got {e}")
                }
            }
            assert!(!path.exists(), "nothing written to {name}");
        }
        write_svg(&results, &game, &dir.path().join("CHART.SVG")).unwrap();
    }

    #[test]
    fn an_unwritable_path_is_bad_input() {
        let (results, game) = analyses(&["minimax"]);
        let e = write_svg(&results, &game, Path::new("/nonexistent-dir/x/chart.svg")).unwrap_err();
        match e {
            Failure::BadInput(e) => assert!(e.to_string().contains("cannot write plot file")),
            Failure::NoAnswer(e) | Failure::Interrupted(e) => panic!("expected bad input, got {e}"),
        }
    }
}
