//! Analyse: the default strategies and the exact optimum over every secret of the game
//! chosen before (Mastermind, 3 pegs, 5 colours), checked against the library; the tree
//! explorer; and a tree file loaded back through the page.

use codebreak_core::{AnyEngine, Game};
use codebreak_search::{Search, SearchOptions, Solution};
use codebreak_strategy::{AnyStrategy, StrategyOptions};
use fantoccini::{Client, Locator};
use serde_json::json;

use crate::page::{click, count, js, screenshot, text, wait_js};

/// Analyses first, minimax and entropy (the defaults) and the exact optimum over every secret:
/// the table and the chart agree with the library. Returns the optimum.
pub async fn compare_strategies(c: &Client, game: &Game, engine: &AnyEngine) -> Solution {
    click(c, "#tab-analyze").await;
    assert_eq!(
        js(c, "return [document.getElementById('analyze-objective').labels.length > 0, \
                 document.getElementById('analyze-upload-button').tagName, \
                 document.getElementById('analyze-upload-button').tabIndex, \
                 document.querySelector('#analyze-progress [role=progressbar]').getAttribute('aria-valuemax')]").await,
        json!([true, "BUTTON", 0, "100"]),
        "the objective is labelled, the tree file is reachable by a button, the progress bar is one"
    );
    click(c, "#analyze-optimal").await;
    screenshot(c, "5-analysis-options").await;
    click(c, "#analyze-run").await;
    wait_js(
        c,
        "return document.querySelector('#analysis-table tr[data-strategy=optimal]')",
        "the comparison table",
    )
    .await;
    let optimal = Search::new(engine, SearchOptions::default(), false)
        .unwrap()
        .run()
        .unwrap();
    let total = text(c, "#analysis-table tr[data-strategy=optimal] td.total").await;
    assert_eq!(total, optimal.total.to_string(), "the optimal total");
    let bars = count(c, "#analysis-chart rect.bar[data-strategy=optimal]").await;
    assert_eq!(
        bars as usize,
        optimal.histogram.iter().filter(|&&n| n > 0).count()
    );
    for name in ["first", "minimax", "entropy"] {
        let s = AnyStrategy::new(name, &StrategyOptions::default(), game, engine.space()).unwrap();
        let a = codebreak_analysis::analyze(engine, &s, None).unwrap();
        let total = text(
            c,
            &format!("#analysis-table tr[data-strategy={name}] td.total"),
        )
        .await;
        assert_eq!(total, a.figures.total.to_string(), "{name}'s total");
        let worst = text(
            c,
            &format!("#analysis-table tr[data-strategy={name}] td.worst"),
        )
        .await;
        assert_eq!(worst, a.figures.worst.to_string(), "{name}'s worst case");
        let bars = count(
            c,
            &format!("#analysis-chart rect.bar[data-strategy={name}]"),
        )
        .await;
        let cells = a.figures.histogram.iter().filter(|&&n| n > 0).count();
        assert_eq!(
            bars as usize, cells,
            "one bar per number of guesses for {name}"
        );
        assert!(
            optimal.total <= a.figures.total,
            "nothing beats the optimum"
        );
    }
    let legend = text(c, "#analysis-chart").await;
    assert!(
        legend.contains("minimax") && legend.contains("guesses needed"),
        "{legend}"
    );
    optimal
}

/// The tree explorer opens on the best strategy (the exact optimum here): its root guess with
/// its replies, a branch opened; then another strategy's tree.
pub async fn explore_the_trees(c: &Client, game: &Game, optimal: &Solution) {
    let root = wait_js(
        c,
        "const r = document.querySelector('#tree-root li.root'); return r && r.dataset.guess",
        "the tree root",
    )
    .await;
    let shown = js(c, "const s = document.getElementById('tree-strategy'); return [s.options[s.selectedIndex].textContent, document.querySelector('#tree-root p').textContent]").await;
    assert!(
        shown[0].as_str().unwrap().starts_with("optimal")
            && shown[1].as_str().unwrap().starts_with("optimal"),
        "the explorer opens on the optimum: {shown}"
    );
    // The menu names each strategy once: "optimal (…)", not "optimal: optimal (…)".
    let labels = js(
        c,
        "return [...document.querySelectorAll('#tree-strategy option')].map((o) => o.textContent)",
    )
    .await;
    for l in labels.as_array().unwrap() {
        let l = l.as_str().unwrap();
        let name = l.split([':', ' ']).next().unwrap();
        assert!(
            !l.starts_with(&format!("{name}: {name}")),
            "the strategy named twice: {l}"
        );
    }
    assert_eq!(
        root.as_str().unwrap(),
        game.format_code(&optimal.tree.root.guess)
    );
    let branches = count(c, "#tree-root li.root > ul > li").await;
    assert!(branches >= 3, "the root has a branch per reply");
    let before = count(c, "#tree-root li").await;
    js(c, "document.querySelector('#tree-root li.root > ul > li:not(:has(.leaf))').dataset.test = 'open'; return true").await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#tree-root li[data-test=open] > .node').tagName"
        )
        .await,
        "BUTTON"
    );
    click(c, "#tree-root li[data-test=open] > .node").await;
    wait_js(
        c,
        &format!("return document.querySelectorAll('#tree-root li').length > {before}"),
        "an opened branch",
    )
    .await;
    wait_js(
        c,
        "return document.querySelector('#tree-root li[data-test=open] > .node').getAttribute('aria-expanded') === 'true'",
        "the branch says it is open",
    )
    .await;
    screenshot(c, "6-optimal-tree").await;
    // Another strategy's tree, chosen in the explorer.
    c.execute(
        "const s = document.getElementById('tree-strategy'); \
         s.value = [...s.options].find((o) => o.textContent.startsWith('first')).value; \
         s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await
    .unwrap();
    let root = wait_js(
        c,
        "return document.querySelector('#tree-root p').textContent.startsWith('first') && document.querySelector('#tree-root li.root').dataset.guess",
        "the tree of first",
    )
    .await;
    assert_eq!(root.as_str().unwrap().chars().count(), 3);
    click(c, "#tree-root li.root > ul > li:not(:has(.leaf)) > .node").await;
    wait_js(
        c,
        "return document.querySelectorAll('#tree-root li.root > ul > li > ul > li').length > 0",
        "an opened branch of the tree of first",
    )
    .await;
    screenshot(c, "5-analysis").await;
    // Back to the optimum, whose tree is downloaded next.
    c.execute(
        "const s = document.getElementById('tree-strategy'); \
         s.value = [...s.options].find((o) => o.textContent.startsWith('optimal')).value; \
         s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await
    .unwrap();
    wait_js(
        c,
        "return document.querySelector('#tree-root p').textContent.startsWith('optimal')",
        "the optimal tree again",
    )
    .await;
}

/// Loads a tree file (the optimal tree, as the download link gives it) through the hidden
/// file input behind the "Load a tree file" button.
pub async fn load_a_tree_file(c: &Client, optimal: &Solution) {
    let href = js(
        c,
        "return document.getElementById('tree-download').getAttribute('href')",
    )
    .await;
    let tree = c
        .execute_async(
            "const [url, done] = arguments; fetch(url).then((r) => r.text()).then(done, () => done(''));",
            vec![href],
        )
        .await
        .unwrap();
    let file = std::env::temp_dir().join(format!("codebreak-e2e-tree-{}.json", std::process::id()));
    std::fs::write(&file, tree.as_str().unwrap()).unwrap();
    c.find(Locator::Css("#analyze-upload"))
        .await
        .unwrap()
        .send_keys(&file.display().to_string())
        .await
        .unwrap();
    let loaded = wait_js(
        c,
        "const r = document.querySelector('#analysis-table tr td.total'); return document.querySelectorAll('#analysis-table tr[data-strategy]').length === 1 && r && r.textContent",
        "the loaded tree's figures",
    )
    .await;
    let _ = std::fs::remove_file(&file);
    assert_eq!(
        loaded,
        optimal.total.to_string(),
        "the loaded tree, checked"
    );
    // Named the same in the legend, the table and the explorer; not timed here.
    let named = js(
        c,
        "const r = document.querySelector('#analysis-table tr[data-strategy]'); return [r.querySelector('td.name strong').textContent, r.querySelector('td.seconds').textContent, document.getElementById('analysis-chart').textContent.includes('loaded tree (avg'), document.querySelector('#tree-root p').textContent.startsWith('loaded tree')]",
    )
    .await;
    assert_eq!(named, json!(["loaded tree", "—", true, true]));
}
