//! Published figures (tests/data/analyze_oracles.tsv) reproduced by the real binary, each
//! result also replayed through the independent tree checker (`--self-check`).

mod common;

use serde_json::Value;

#[test]
fn published_figures() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/analyze_oracles.tsv"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, args, secrets, total, worst, hist, source] = cols[..] else {
            panic!("bad row: {line}")
        };
        let out = common::run(&format!("analyze {args} --json --self-check"), None);
        assert!(out.status.success(), "{id}: {}", common::stderr(&out));
        let v: Value = serde_json::from_str(&common::stdout(&out)).unwrap();
        let ctx = format!("{id} ({source})");
        assert_eq!(v["secrets"].as_u64().unwrap().to_string(), secrets, "{ctx}");
        if total != "-" {
            assert_eq!(v["total"].as_u64().unwrap().to_string(), total, "{ctx}");
        }
        let w = v["worst"].as_u64().unwrap();
        match worst.strip_prefix("<=") {
            Some(max) => assert!(w <= max.parse().unwrap(), "{ctx}: worst {w}"),
            None => assert_eq!(w.to_string(), worst, "{ctx}"),
        }
        if hist != "-" {
            let got: Vec<String> = (1..=w)
                .map(|k| v["histogram"][k.to_string()].as_u64().unwrap().to_string())
                .collect();
            assert_eq!(got.join(","), hist, "{ctx}");
        }
        rows += 1;
    }
    assert_eq!(rows, 7);
}
