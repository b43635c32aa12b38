//! `codebreak shard` and `codebreak optimal --history`: a search split into jobs agrees with
//! the unsharded search, its merged tree verifies, and damaged, foreign or missing results are
//! refused by name.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_fails, run_args, stderr, stdout};
use serde_json::Value;

fn json(out: &std::process::Output) -> Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_str(&stdout(out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Plans with `args` into `dir/name`, and returns the plan.
fn plan(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let plan = dir.join(name);
    let mut all = vec!["shard", "plan", "--out", s(&plan)];
    all.extend_from_slice(args);
    let out = run_args(&all, None);
    assert!(out.status.success(), "{}", stderr(&out));
    plan
}

/// Plans with `args` into `dir/name`, runs every job on two threads, and returns the plan.
fn plan_and_run(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let plan = plan(dir, name, args);
    let out = run_args(&["shard", "run", s(&plan), "--jobs", "2"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    plan
}

/// The result files of a plan, sorted.
fn result_files(plan: &Path) -> Vec<PathBuf> {
    let mut dir = plan.as_os_str().to_owned();
    dir.push(".results");
    let mut files: Vec<PathBuf> = std::fs::read_dir(PathBuf::from(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

#[test]
fn mm46_below_its_best_opener_merges_to_5625_with_a_verifying_tree() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan_and_run(dir.path(), "mm46.plan", &["--first-guess", "0012"]);
    let tree = dir.path().join("mm46.json");
    let merged = json(&run_args(
        &["shard", "merge", s(&plan), "--tree", s(&tree), "--json"],
        None,
    ));
    let whole = json(&run_args(&["optimal", "--json"], None));
    assert_eq!(merged["total"], 5625);
    assert_eq!(merged["histogram"], whole["histogram"]);
    assert_eq!(merged["verified"], true);
    let verified = json(&run_args(&["verify", s(&tree), "--json"], None));
    assert_eq!(verified["total"], 5625);
    let status = json(&run_args(&["shard", "status", s(&plan), "--json"], None));
    assert_eq!(status["done"], 13);
    assert_eq!(status["remaining"], Value::Array(vec![]));
}

#[test]
fn an_openers_plan_ranks_openers_as_optimal_openers_does() {
    for (game, bound) in [
        ("--pegs 3 --colors 4", "300"),
        ("--pegs 4 --colors 4", "1200"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut args: Vec<&str> = game.split(' ').collect();
        args.extend(["--openers", "--bound", bound]);
        let plan = plan_and_run(dir.path(), "o.plan", &args);
        let merged = json(&run_args(&["shard", "merge", s(&plan), "--json"], None));
        // The opener log goes to the test's folder, not the current one.
        let log = dir.path().join("o.ckpt");
        let mut optimal = vec!["optimal", "--json", "--checkpoint", s(&log)];
        optimal.extend(&args);
        let whole = json(&run_args(&optimal, None));
        assert_eq!(merged["openers"], whole["openers"], "{game}");
        assert!(merged["openers"].as_array().unwrap().len() >= 3, "{game}");
    }
}

/// The openers of a chunk share one search: a chunk stopped part-way saves that search's
/// memo as the stopped job's checkpoint, the next run resumes it, and the ranking is the one
/// `optimal --openers` gives.
#[test]
fn a_chunk_of_openers_shares_its_memo_and_resumes_after_a_stop() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--pegs",
        "4",
        "--colors",
        "4",
        "--openers",
        "--bound",
        "1200",
    ];
    let plan = plan(dir.path(), "o.plan", &args);
    let stopped = run_args(
        &[
            "shard",
            "run",
            s(&plan),
            "--jobs",
            "1",
            "--node-limit",
            "200",
        ],
        None,
    );
    assert_eq!(stopped.status.code(), Some(130), "{}", stderr(&stopped));
    let checkpoints: Vec<PathBuf> = result_files(&plan)
        .into_iter()
        .filter(|f| s(f).ends_with(".checkpoint"))
        .collect();
    assert_eq!(checkpoints.len(), 1, "{}", stderr(&stopped));
    let resumed = run_args(&["shard", "run", s(&plan)], None);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resuming with"),
        "{}",
        stderr(&resumed)
    );
    assert!(!checkpoints[0].exists(), "the checkpoint is gone");
    let merged = json(&run_args(&["shard", "merge", s(&plan), "--json"], None));
    let log = dir.path().join("o.ckpt");
    let mut optimal = vec!["optimal", "--json", "--checkpoint", s(&log)];
    optimal.extend(args);
    let whole = json(&run_args(&optimal, None));
    assert_eq!(merged["openers"], whole["openers"]);
}

/// An estimate solves a sample of the jobs for real (their results are kept), spread over
/// their sizes, and adds up a prediction for every job.
#[test]
fn an_estimate_samples_jobs_of_every_size_and_keeps_their_results() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan(dir.path(), "p.plan", &["--first-guess", "0012"]);
    let out = run_args(
        &[
            "shard",
            "estimate",
            s(&plan),
            "--sample",
            "3",
            "--seconds",
            "30",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let e = json(&out);
    let sample = e["sample"].as_array().unwrap();
    assert_eq!(sample.len(), 3);
    let sizes: Vec<u64> = sample
        .iter()
        .map(|j| j["secrets"].as_u64().unwrap())
        .collect();
    // The smallest and the largest job of the plan are both sampled.
    let text = std::fs::read_to_string(&plan).unwrap();
    let all: Vec<u64> = text
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["secrets"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(sizes[0], *all.iter().min().unwrap(), "{sizes:?}");
    assert_eq!(sizes[2], *all.iter().max().unwrap(), "{sizes:?}");
    assert!(sizes[0] < sizes[1] && sizes[1] < sizes[2], "{sizes:?}");
    assert!(sample.iter().all(|j| j["finished"] == true));
    assert_eq!(e["jobs"], 13);
    assert!(e["seconds"].as_f64().unwrap() > 0.0);
    let status = json(&run_args(&["shard", "status", s(&plan), "--json"], None));
    assert_eq!(status["done"], 3);
    let bad = run_args(&["shard", "estimate", s(&plan), "--seconds=-1"], None);
    assert_fails(&bad, 2, &["--seconds -1", "positive"]);
}

#[test]
fn optimal_history_adds_up_to_first_guess_and_counts_the_whole_game() {
    let game = ["--pegs", "3", "--colors", "4"];
    let with = |extra: &[&str]| {
        let mut args = vec!["optimal", "--json"];
        args.extend(game);
        args.extend(extra);
        run_args(&args, None)
    };
    let first = json(&with(&["--first-guess", "011"]));
    // Every reply of three pegs but the win: a reply no secret gives fails with exit 1.
    let (mut total, mut secrets, mut worst) = (1, 1, 1);
    for b in 0..=3 {
        for w in 0..=3 - b {
            if b == 3 {
                continue;
            }
            let history = format!("011:{b}B{w}W");
            let out = with(&["--history", &history]);
            // A reply no guess of three pegs gets (2B1W) is bad input.
            if out.status.code() == Some(2) {
                assert_fails(&out, 2, &["cannot happen"]);
                continue;
            }
            if out.status.code() == Some(1) {
                assert_fails(&out, 1, &["move 1", &history]);
                continue;
            }
            let v = json(&out);
            let p = &v["position"];
            assert_eq!(p["played"], 1);
            assert_eq!(p["history"], history.as_str());
            let (t, n) = (v["total"].as_u64().unwrap(), v["secrets"].as_u64().unwrap());
            assert_eq!(t, p["total"].as_u64().unwrap() + n, "{history}");
            assert_eq!(
                v["worst"].as_u64().unwrap(),
                p["worst"].as_u64().unwrap() + 1
            );
            total += t;
            secrets += n;
            worst = worst.max(v["worst"].as_u64().unwrap());
        }
    }
    assert_eq!(secrets, 64);
    assert_eq!(total, first["total"].as_u64().unwrap());
    assert_eq!(worst, first["worst"].as_u64().unwrap());
    // A position's tree self-checks, and a depth limit counts the moves played.
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("t.json");
    let v = json(&with(&[
        "--history",
        "011:1B0W",
        "--self-check",
        "--tree",
        s(&tree),
    ]));
    assert_eq!(v["self_check"]["total"], v["total"], "{v}");
    assert_eq!(v["position"]["total"], 41, "{v}");
    assert_fails(
        &with(&["--history", "011:1B0W,222:0B0W", "--max-depth", "2"]),
        1,
        &["within 2 guesses"],
    );
}

#[test]
fn bad_histories_are_refused_naming_the_move() {
    let run = |h: &str| {
        run_args(
            &["optimal", "--pegs", "3", "--colors", "4", "--history", h],
            None,
        )
    };
    assert_fails(&run("011:1B0W,011:0B0W"), 1, &["move 2", "011:0B0W"]);
    assert_fails(&run("011:1B0W,019:0B0W"), 2, &["move 2", "019"]);
    assert_fails(
        &run("011:1B0W,012:3B0W"),
        2,
        &["move 2", "finds the secret"],
    );
    assert_fails(&run("011:1B0W,012:0B7W"), 2, &["move 2"]);
}

#[test]
fn merge_refuses_truncated_foreign_and_missing_results_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let a = plan_and_run(
        dir.path(),
        "a.plan",
        &["--pegs", "3", "--colors", "4", "--first-guess", "011"],
    );
    let b = plan_and_run(
        dir.path(),
        "b.plan",
        &["--pegs", "3", "--colors", "4", "--first-guess", "012"],
    );
    let tree = dir.path().join("merged.json");
    let merge = |plan: &Path| run_args(&["shard", "merge", s(plan), "--tree", s(&tree)], None);
    assert!(merge(&a).status.success());
    std::fs::remove_file(&tree).unwrap();
    let files = result_files(&a);
    let victim = &files[0];
    let name = victim.file_name().unwrap().to_str().unwrap().to_string();
    let original = std::fs::read(victim).unwrap();
    // Truncated.
    std::fs::write(victim, &original[..original.len() / 2]).unwrap();
    assert_fails(&merge(&a), 1, &[&name, "truncated"]);
    // Edited by hand: still JSON, but its checksum does not match.
    let edited =
        String::from_utf8(original.clone())
            .unwrap()
            .replacen("\"nodes\":", "\"nodes\":1", 1);
    std::fs::write(victim, edited).unwrap();
    assert_fails(&merge(&a), 1, &[&name, "checksum"]);
    // Another plan's result under this job's name.
    let foreign = std::fs::read(&result_files(&b)[0]).unwrap();
    std::fs::write(victim, foreign).unwrap();
    assert_fails(&merge(&a), 1, &[&name, "another"]);
    // Missing.
    std::fs::remove_file(victim).unwrap();
    assert_fails(&merge(&a), 1, &[&name, "missing"]);
    assert!(!tree.exists(), "nothing partial is written");
    let status = json(&run_args(&["shard", "status", s(&a), "--json"], None));
    assert_eq!(status["remaining"].as_array().unwrap().len(), 1);
    // Running the plan again solves the missing job only, and the merge is whole again.
    let again = run_args(&["shard", "run", s(&a)], None);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(
        stderr(&again).matches("done already").count(),
        files.len() - 1
    );
    let redone: Value = serde_json::from_slice(&std::fs::read(victim).unwrap()).unwrap();
    let original: Value = serde_json::from_slice(&original).unwrap();
    assert_eq!(redone["value"], original["value"]);
    assert_eq!(redone["tree"], original["tree"]);
    assert!(merge(&a).status.success());
}

#[test]
fn openers_without_a_bound_are_bounded_by_the_best_finished_and_checked_at_merge() {
    let dir = tempfile::tempdir().unwrap();
    let plan = dir.path().join("o.plan");
    let game = ["--pegs", "3", "--colors", "4"];
    let mut args = vec!["shard", "plan", "--openers", "--out", s(&plan)];
    args.extend(game);
    assert!(run_args(&args, None).status.success());
    // One at a time: each opener below one more than the best before it.
    let out = run_args(&["shard", "run", s(&plan)], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let merged = json(&run_args(&["shard", "merge", s(&plan), "--json"], None));
    let log = dir.path().join("o.ckpt");
    let mut optimal = vec!["optimal", "--openers", "--json", "--checkpoint", s(&log)];
    optimal.extend(game);
    let whole = json(&run_args(&optimal, None));
    assert_eq!(merged["openers"][0], whole["openers"][0]);
    // A forged best so far makes a claim no result supports: refused by name.
    let mut results = plan.as_os_str().to_owned();
    results.push(".results");
    let results = PathBuf::from(results);
    let text = std::fs::read_to_string(&plan).unwrap();
    let second: Value = serde_json::from_str(text.lines().nth(2).unwrap()).unwrap();
    let id = second["id"].as_str().unwrap().to_string();
    // Between the job's counting bound and its value: a bound no result supports.
    let forged = second["at_least"].as_u64().unwrap() + 1;
    std::fs::write(results.join("best"), format!("{forged}\n")).unwrap();
    std::fs::remove_file(results.join(format!("{id}.json"))).unwrap();
    assert!(
        run_args(&["shard", "run", s(&plan), "--index", "1"], None)
            .status
            .success()
    );
    assert_fails(
        &run_args(&["shard", "merge", s(&plan)], None),
        1,
        &[&format!("{id}.json"), &format!("at least {}", forged + 1)],
    );
}

#[test]
fn a_stopped_job_saves_a_checkpoint_that_its_next_run_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan(dir.path(), "p.plan", &["--first-guess", "0012"]);
    let stopped = run_args(
        &[
            "shard",
            "run",
            s(&plan),
            "--index",
            "0",
            "--node-limit",
            "300",
        ],
        None,
    );
    assert_eq!(stopped.status.code(), Some(130), "{}", stderr(&stopped));
    assert!(
        stderr(&stopped).contains("checkpoint"),
        "{}",
        stderr(&stopped)
    );
    let files = result_files(&plan);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(s(&files[0]).ends_with(".checkpoint"));
    let status = json(&run_args(&["shard", "status", s(&plan), "--json"], None));
    assert_eq!(status["checkpoints"], serde_json::json!([0]));
    assert_eq!(
        status["running"],
        serde_json::json!([]),
        "the marker is gone"
    );
    // A job running elsewhere (or killed) shows by its marker.
    let marker = files[0].with_extension("running");
    std::fs::write(&marker, "pid 1 on elsewhere since 0\n").unwrap();
    let status = json(&run_args(&["shard", "status", s(&plan), "--json"], None));
    assert_eq!(status["running"][0]["index"], 0);
    std::fs::remove_file(&marker).unwrap();
    let resumed = run_args(&["shard", "run", s(&plan), "--index", "0"], None);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resuming with"),
        "{}",
        stderr(&resumed)
    );
    let files = result_files(&plan);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(s(&files[0]).ends_with(".json"), "the checkpoint is gone");
    let out = run_args(&["shard", "run", s(&plan), "--jobs", "2"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let merged = json(&run_args(&["shard", "merge", s(&plan), "--json"], None));
    assert_eq!(merged["total"], 5625);
}

#[test]
fn a_job_run_twice_leaves_one_result() {
    let dir = tempfile::tempdir().unwrap();
    let plan = dir.path().join("p.plan");
    let out = run_args(
        &[
            "shard",
            "plan",
            "--pegs",
            "3",
            "--colors",
            "4",
            "--first-guess",
            "001",
            "--out",
            s(&plan),
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    for _ in 0..2 {
        let out = run_args(&["shard", "run", s(&plan), "--index", "0"], None);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let files = result_files(&plan);
    assert_eq!(files.len(), 1, "{files:?}");
    let first = std::fs::read(&files[0]).unwrap();
    // Solved again after a damage, it is the same result.
    std::fs::write(&files[0], b"{").unwrap();
    let out = run_args(&["shard", "run", s(&plan), "--index", "0"], None);
    assert!(
        stderr(&out).contains("solving it again"),
        "{}",
        stderr(&out)
    );
    assert_eq!(result_files(&plan).len(), 1);
    let again: Value = serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    let first: Value = serde_json::from_slice(&first).unwrap();
    assert_eq!(again["value"], first["value"]);
    assert_eq!(again["tree"], first["tree"]);
    let status = json(&run_args(&["shard", "status", s(&plan), "--json"], None));
    assert_eq!(status["done"], 1);
}

#[test]
fn a_game_file_that_ends_when_the_secret_is_known_merges_like_optimal() {
    let dir = tempfile::tempdir().unwrap();
    let coins = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/coins.toml"
    );
    let game = ["--game-file", coins, "--set", "COINS=6"];
    let mut args = game.to_vec();
    args.extend(["--first-guess", "ab-cd"]);
    let plan = plan_and_run(dir.path(), "coins.plan", &args);
    let merged = json(&run_args(&["shard", "merge", s(&plan), "--json"], None));
    let mut optimal = vec!["optimal", "--json"];
    optimal.extend(&args);
    let whole = json(&run_args(&optimal, None));
    assert_eq!(merged["total"], whole["total"]);
    assert_eq!(merged["histogram"], whole["histogram"]);
}

#[test]
fn a_changed_game_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("count.toml");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/colour-count.toml"
    ))
    .unwrap();
    std::fs::write(&file, &text).unwrap();
    let plan = dir.path().join("p.plan");
    let out = run_args(
        &[
            "shard",
            "plan",
            "--game-file",
            s(&file),
            "--first-guess",
            "0011",
            "--out",
            s(&plan),
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let header: Value = serde_json::from_str(
        std::fs::read_to_string(&plan)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert!(header["game_file"]["path"].is_string());
    std::fs::write(&file, text.replace("for d in 0..4", "for d in 0..3")).unwrap();
    assert_fails(
        &run_args(&["shard", "merge", s(&plan)], None),
        1,
        &["count.toml", "changed"],
    );
    assert_fails(
        &run_args(&["shard", "run", s(&plan), "--index", "0"], None),
        1,
        &["count.toml", "changed"],
    );
}

/// A plan that cannot be read is named, with why, once, on one line (exit 2).
#[test]
fn a_missing_plan_is_named_once() {
    for command in ["status", "merge", "slurm", "run"] {
        let out = run_args(&["shard", command, "no/such.plan"], None);
        assert_fails(&out, 2, &["cannot read plan no/such.plan"]);
        let err = stderr(&out);
        assert_eq!(err.matches("No such file").count(), 1, "{command}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{command}: {err}");
    }
}

#[test]
fn plans_refuse_what_they_cannot_split_correctly() {
    let dir = tempfile::tempdir().unwrap();
    let plan = dir.path().join("p.plan");
    let plan = s(&plan);
    assert_fails(
        &run_args(
            &[
                "shard",
                "plan",
                "--first-guess",
                "0012",
                "--objective",
                "worst",
                "--out",
                plan,
            ],
            None,
        ),
        2,
        &["--objective worst"],
    );
    assert_fails(
        &run_args(
            &[
                "shard",
                "plan",
                "--first-guess",
                "0012",
                "--depth",
                "3",
                "--out",
                plan,
            ],
            None,
        ),
        2,
        &["--depth 3", "expected 1"],
    );
}

/// Bulls and Cows below its best opener: 26274, as the unsharded search (about 20 s here).
#[test]
#[ignore]
fn bulls_and_cows_sharded_is_26274() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan_and_run(
        dir.path(),
        "bulls.plan",
        &["--game", "bulls", "--first-guess", "0123"],
    );
    let merged = json(&run_args(&["shard", "merge", s(&plan), "--json"], None));
    assert_eq!(merged["total"], 26274);
}

#[test]
fn a_slurm_script_runs_a_chunk_of_jobs_per_array_task() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan(dir.path(), "p.plan", &["--first-guess", "0012"]);
    let script = dir.path().join("p.sh");
    let out = run_args(
        &[
            "shard",
            "slurm",
            s(&plan),
            "--chunk",
            "4",
            "--time",
            "01:30:00",
            "--mem",
            "2G",
            "--cpus-per-task",
            "2",
            "--partition",
            "short",
            "--out",
            s(&script),
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&script).unwrap();
    // 13 jobs, 4 a task: tasks 0 to 3, the last one job.
    for line in [
        "#SBATCH --array=0-3",
        "#SBATCH --time=01:30:00",
        "#SBATCH --mem=2G",
        "#SBATCH --cpus-per-task=2",
        "#SBATCH --partition=short",
        "#SBATCH --requeue",
        "#SBATCH --open-mode=append",
        "#SBATCH --signal=B:USR1@120",
        "chunk=4",
        "last=12",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
    }
    assert!(text.contains("shard run \"$plan\" --from \"$from\" --to \"$to\""));
    let binary = text
        .lines()
        .find_map(|l| l.strip_prefix("binary='"))
        .unwrap();
    assert!(
        binary.starts_with('/') && binary.ends_with("codebreak'"),
        "{binary}"
    );
    assert!(dir.path().join("p.plan.logs").is_dir());
    let spaced = dir.path().join("a b");
    std::fs::create_dir(&spaced).unwrap();
    std::fs::copy(&plan, spaced.join("p.plan")).unwrap();
    assert_fails(
        &run_args(&["shard", "slurm", s(&spaced.join("p.plan"))], None),
        2,
        &["cannot hold spaces"],
    );
    // The task arithmetic, run by bash as Slurm would for each index.
    let body = text.replace("\"$binary\" shard run", "echo");
    for (task, range) in [("0", "--from 0 --to 3"), ("3", "--from 12 --to 12")] {
        let out = std::process::Command::new("bash")
            .arg("-c")
            .arg(&body)
            .env("SLURM_ARRAY_TASK_ID", task)
            .env("SLURM_ARRAY_JOB_ID", "1")
            .output()
            .unwrap();
        assert!(
            stdout(&out).contains(range),
            "task {task}: {}",
            stdout(&out)
        );
    }
    // A task signalled (SIGTERM from scancel, SIGUSR1 before the time limit) passes the signal
    // on and exits with its run's status, 130 after saving; a stand-in run that takes 130 on
    // SIGTERM shows it, again and again (bash's `wait` once lost that status).
    let fake = dir.path().join("fake.py");
    std::fs::write(
        &fake,
        "import signal, sys, time\n\
         signal.signal(signal.SIGTERM, lambda *_: sys.exit(130))\n\
         open(sys.argv[1], 'w').close()\n\
         time.sleep(60)\n",
    )
    .unwrap();
    for (round, signal) in ["TERM", "USR1", "TERM", "USR1", "TERM"].iter().enumerate() {
        let marker = dir.path().join(format!("started{round}"));
        let body = text.replace(
            "\"$binary\" shard run \"$plan\"",
            &format!("python3 {} {}", s(&fake), s(&marker)),
        );
        let task = std::process::Command::new("bash")
            .arg("-c")
            .arg(&body)
            .env("SLURM_ARRAY_TASK_ID", "0")
            .env("SLURM_ARRAY_JOB_ID", "1")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        while !marker.exists() {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let killed = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &task.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let out = task.wait_with_output().unwrap();
        assert!(
            stdout(&out).contains("task 0 exit 130"),
            "SIG{signal}: {}",
            stdout(&out)
        );
        assert_eq!(out.status.code(), Some(130), "SIG{signal}");
    }
    for (flag, value) in [
        ("--time", "90 minutes"),
        ("--mem", "4GB"),
        ("--partition", "a b"),
    ] {
        assert_fails(
            &run_args(&["shard", "slurm", s(&plan), flag, value], None),
            2,
            &[&format!("{flag} \"{value}\"")],
        );
    }
}

#[test]
fn job_certificates_merge_into_one_that_proves_the_merged_tree_optimal() {
    for (name, args) in [
        ("mm46", &["--first-guess", "0012"][..]),
        (
            "bulls36",
            &[
                "--game",
                "bulls",
                "--pegs",
                "3",
                "--colors",
                "6",
                "--first-guess",
                "012",
            ][..],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let plan = plan(dir.path(), &format!("{name}.plan"), args);
        let out = run_args(
            &["shard", "run", s(&plan), "--jobs", "2", "--certificate"],
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let (tree, cert) = (dir.path().join("t.json"), dir.path().join("c.cert"));
        let merged = json(&run_args(
            &[
                "shard",
                "merge",
                s(&plan),
                "--tree",
                s(&tree),
                "--certificate",
                s(&cert),
                "--json",
            ],
            None,
        ));
        let out = run_args(
            &["verify", "--certificate", s(&cert), "--tree", s(&tree)],
            None,
        );
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("optimal: proved"), "{text}");
        assert!(
            text.contains(&format!("fewer than {} guesses", merged["total"])),
            "{text}"
        );
        let certs = || {
            result_files(&plan)
                .into_iter()
                .filter(|p| p.extension().is_some_and(|e| e == "cert"))
                .collect::<Vec<_>>()
        };
        let merge = |c: &Path| run_args(&["shard", "merge", s(&plan), "--certificate", s(c)], None);
        // A cut job certificate, then a missing one: refused, naming the job.
        let victim = certs()[0].clone();
        let bytes = std::fs::read(&victim).unwrap();
        std::fs::write(&victim, &bytes[..bytes.len() / 2]).unwrap();
        let out = merge(&dir.path().join("cut.cert"));
        assert_fails(&out, 1, &["job ", "its certificate"]);
        std::fs::remove_file(&victim).unwrap();
        let out = merge(&dir.path().join("none.cert"));
        assert_fails(&out, 1, &["job ", "run the plan with --certificate"]);
        // Run again with --certificate: the job whose certificate is missing is solved
        // again, and the merge succeeds.
        let out = run_args(&["shard", "run", s(&plan), "--certificate"], None);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("without its certificate"),
            "{}",
            stderr(&out)
        );
        assert!(merge(&dir.path().join("again.cert")).status.success());
    }
}

/// A plan of every opener run with `--certificate` merges into one certificate about the
/// whole game (each opener justified by its job's certificate, or by the symmetry that maps
/// it onto a valued one: in a peg game a renaming, in a game file a word in its
/// automorphisms), which proves the best opener's tree optimal; a job's certificate missing
/// is refused, naming the job.
#[test]
fn an_openers_plan_merges_its_certificates_into_one_for_the_whole_game() {
    let file = |name: &str| format!("{}/../../examples/games/{name}", env!("CARGO_MANIFEST_DIR"));
    let (known, twod) = (file("blackpeg-known.toml"), file("twod.toml"));
    for (name, args, optimum) in [
        ("mm46", &["--openers"][..], 5625),
        (
            "bulls36",
            &[
                "--openers",
                "--game",
                "bulls",
                "--pegs",
                "3",
                "--colors",
                "6",
            ][..],
            0,
        ),
        // Game files whose automorphisms leave openers out of the plan, below their
        // counting bounds: black-peg 3 x 4 until known values one of its 64 guesses, the
        // twoD game 9 of its 25.
        (
            "blackpeg-known",
            &["--openers", "--game-file", &known][..],
            245,
        ),
        ("twod", &["--openers", "--game-file", &twod][..], 83),
    ] {
        let game: &[&str] = match args {
            [_, "--game-file", f] => &["--game-file", f],
            _ => &[],
        };
        let dir = tempfile::tempdir().unwrap();
        let plan = plan(dir.path(), &format!("{name}.plan"), args);
        let out = run_args(
            &["shard", "run", s(&plan), "--jobs", "2", "--certificate"],
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let (tree, cert) = (dir.path().join("t.json"), dir.path().join("c.cert"));
        let merged = json(&run_args(
            &[
                "shard",
                "merge",
                s(&plan),
                "--tree",
                s(&tree),
                "--certificate",
                s(&cert),
                "--json",
            ],
            None,
        ));
        let best = merged["openers"][0]["total"].as_u64().unwrap();
        if optimum > 0 {
            assert_eq!(best, optimum);
        }
        let mut verify = vec!["verify", "--certificate", s(&cert), "--tree", s(&tree)];
        verify.extend_from_slice(game);
        let out = run_args(&verify, None);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("optimal: proved"), "{text}");
        assert!(
            text.contains(&format!("fewer than {best} guesses")),
            "{text}"
        );
        // The same certificate without the best opener's certificate: refused, naming it.
        let opener = merged["openers"][0]["opener"].as_str().unwrap().to_string();
        let plan_text = std::fs::read_to_string(&plan).unwrap();
        let id = plan_text
            .lines()
            .skip(1)
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|j| j["first_guess"] == opener.as_str())
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        let victim = result_files(&plan)
            .into_iter()
            .find(|p| p.file_name().unwrap() == format!("{id}.cert").as_str())
            .unwrap();
        std::fs::remove_file(&victim).unwrap();
        let out = run_args(
            &[
                "shard",
                "merge",
                s(&plan),
                "--certificate",
                s(&dir.path().join("none.cert")),
            ],
            None,
        );
        assert_fails(
            &out,
            1,
            &["job ", &format!("opener {opener}"), "--certificate"],
        );
    }
}

/// A plan of depth 2 splits the large positions below the opener by their next guess (one
/// job per symmetry class): it merges to the total of the plan of depth 1, and its jobs'
/// certificates into one that proves the merged tree optimal. Depth 3 is refused.
#[test]
fn a_plan_of_depth_two_equals_the_plan_of_depth_one_and_certifies_it() {
    for (name, game) in [
        ("mm36", &["--pegs", "3", "--colors", "6"][..]),
        (
            "bulls38",
            &["--game", "bulls", "--pegs", "3", "--colors", "8"][..],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let total = |depth: &str, certificate: bool| {
            let mut args = game.to_vec();
            args.extend_from_slice(&["--first-guess", "012", "--depth", depth]);
            let plan = plan(dir.path(), &format!("{name}-{depth}.plan"), &args);
            let mut run = vec!["shard", "run", s(&plan), "--jobs", "2"];
            if certificate {
                run.push("--certificate");
            }
            let out = run_args(&run, None);
            assert!(out.status.success(), "{}", stderr(&out));
            let tree = dir.path().join(format!("{name}-{depth}.json"));
            let cert = dir.path().join(format!("{name}-{depth}.cert"));
            let mut merge = vec!["shard", "merge", s(&plan), "--tree", s(&tree), "--json"];
            if certificate {
                merge.extend_from_slice(&["--certificate", s(&cert)]);
            }
            let merged = json(&run_args(&merge, None));
            if certificate {
                let out = run_args(
                    &["verify", "--certificate", s(&cert), "--tree", s(&tree)],
                    None,
                );
                assert!(out.status.success(), "{name}: {}", stderr(&out));
                assert!(stdout(&out).contains("optimal: proved"), "{}", stdout(&out));
            }
            (merged["total"].as_u64().unwrap(), plan)
        };
        let (one, _) = total("1", false);
        let (two, plan2) = total("2", true);
        assert_eq!(one, two, "{name}");
        // More jobs than positions: some position was split by its next guess.
        let jobs = std::fs::read_to_string(&plan2).unwrap().lines().count() - 1;
        let one_jobs = std::fs::read_to_string(dir.path().join(format!("{name}-1.plan")))
            .unwrap()
            .lines()
            .count()
            - 1;
        assert!(jobs > one_jobs, "{name}: {jobs} jobs");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = run_args(
        &[
            "shard",
            "plan",
            "--first-guess",
            "0012",
            "--depth",
            "3",
            "--out",
            s(&dir.path().join("p.plan")),
        ],
        None,
    );
    assert_fails(&out, 2, &["--depth 3", "expected 1", "or 2"]);
}

/// A ranking's values go into a summary (`shard export`) that another machine imports
/// (`shard import`): only the exact opener is solved again, and the merge is the same.
#[test]
fn an_exported_summary_resumes_the_ranking_in_a_new_results_folder() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--pegs",
        "3",
        "--colors",
        "4",
        "--openers",
        "--bound",
        "300",
    ];
    let plan = plan_and_run(dir.path(), "o.plan", &args);
    let tsv = dir.path().join("o.tsv");
    let out = run_args(&["shard", "export", s(&plan), "--out", s(&tsv)], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&tsv).unwrap();
    assert!(text.starts_with("# codebreak shard summary 1\n"), "{text}");
    let want = json(&run_args(&["shard", "merge", s(&plan), "--json"], None));
    let exact = want["openers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["total"].is_u64())
        .count();
    assert!(exact >= 1, "{want}");
    let fresh = dir.path().join("fresh");
    let got = json(&run_args(
        &[
            "shard",
            "import",
            s(&plan),
            s(&tsv),
            "--results",
            s(&fresh),
            "--json",
        ],
        None,
    ));
    let jobs = want["openers"].as_array().unwrap().len();
    assert_eq!(got["exact"], exact as u64, "{got}");
    assert_eq!(got["imported"], (jobs - exact) as u64, "{got}");
    let out = run_args(&["shard", "run", s(&plan), "--results", s(&fresh)], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let log = stderr(&out);
    assert_eq!(log.matches("done already").count(), jobs - exact, "{log}");
    let merged = json(&run_args(
        &["shard", "merge", s(&plan), "--results", s(&fresh), "--json"],
        None,
    ));
    assert_eq!(merged["openers"], want["openers"]);
    assert_eq!(merged["imported"], (jobs - exact) as u64);
    // A summary of another game is refused by name, with exit 1, and writes nothing.
    let other = plan_and_run(
        dir.path(),
        "p.plan",
        &[
            "--pegs",
            "3",
            "--colors",
            "5",
            "--openers",
            "--bound",
            "500",
        ],
    );
    let out = run_args(
        &[
            "shard",
            "import",
            s(&other),
            s(&tsv),
            "--results",
            s(&fresh),
        ],
        None,
    );
    assert_fails(&out, 1, &["o.tsv: it values another game (fingerprint"]);
    let out = run_args(&["shard", "import", s(&plan), "no-such.tsv"], None);
    assert_fails(&out, 2, &["cannot read no-such.tsv"]);
}
