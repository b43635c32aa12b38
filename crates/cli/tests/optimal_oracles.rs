//! Published optimal figures (tests/data/optimal_oracles.tsv), reached by the real binary and
//! checked by the independent tree verifier (`--self-check`). Slow rows are `#[ignore]`d and
//! run by scripts/slow-tests.sh.

mod common;

use serde_json::Value;

fn rows(speed: &str) -> Vec<Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/optimal_oracles.tsv"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect::<Vec<_>>())
        .filter(|c| c[5] == speed)
        .collect()
}

fn check(speed: &str) {
    let rows = rows(speed);
    assert!(!rows.is_empty());
    for c in rows {
        let (id, args, total, worst, average, source) = (&c[0], &c[1], &c[2], &c[3], &c[4], &c[6]);
        let out = common::run(&format!("optimal {args} --json --self-check"), None);
        assert!(out.status.success(), "{id}: {}", common::stderr(&out));
        let v: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
        // The independent checker replayed the tree to the same figures.
        assert_eq!(v["self_check"]["total"], v["total"], "{id}");
        assert_eq!(v["self_check"]["worst"], v["worst"], "{id}");
        if total != "-" {
            assert_eq!(
                v["total"].as_u64().unwrap().to_string(),
                *total,
                "{id} ({source})"
            );
        }
        if average != "-" {
            let a = v["average"].as_f64().unwrap();
            assert_eq!(format!("{a:.3}"), *average, "{id} ({source})");
        }
        if worst != "-" {
            assert_eq!(
                v["worst"].as_u64().unwrap().to_string(),
                *worst,
                "{id} ({source})"
            );
        }
    }
}

#[test]
fn fast_optimal_figures() {
    check("fast");
}

#[test]
#[ignore = "slow: run with scripts/slow-tests.sh"]
fn slow_optimal_figures() {
    check("slow");
}
