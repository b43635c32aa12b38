//! The library alone, as the Python package uses it: plan, run every job, merge; the answer
//! is the unsharded search's, and running again skips every job.

use codebreak_core::{AnyEngine, Game, GameSpec};
use codebreak_search::{Search, SearchOptions};
use codebreak_shard::{
    Merged, Outcome, Plan, PlanRequest, RunOptions, Runner, ShardError, Split, Stopped,
};

fn below(game: &Game, opener: &str, dir: &std::path::Path) -> Plan {
    let request = PlanRequest::new(Split::Below {
        first_guess: opener.into(),
        depth: 1,
    });
    codebreak_shard::make_plan(game, None, &request, &dir.join("p.plan")).unwrap()
}

#[test]
fn mm34_below_001_merges_to_the_unsharded_optimum() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::new(&GameSpec::mastermind(3, 4)).unwrap();
    let plan = below(&game, "001", dir.path());
    let read = Plan::read(&plan.path).unwrap();
    assert_eq!(read.hash, plan.hash);
    assert_eq!(read.jobs, plan.jobs);
    let runner = Runner::new(read, None).unwrap();
    for job in &runner.plan.jobs {
        let outcome = runner.run_job(job, &RunOptions::default()).unwrap();
        assert!(matches!(outcome, Outcome::Solved(_)));
    }
    let Merged::Below { figures, tree, .. } =
        codebreak_shard::merge(&plan, &game, &runner.dir).unwrap()
    else {
        panic!("a plan below an opener merges to a tree")
    };
    let engine = AnyEngine::new(&game).unwrap();
    let first_guess = engine.space().index_of(&game.parse_guess("001").unwrap());
    let options = SearchOptions {
        first_guess,
        ..SearchOptions::default()
    };
    let whole = Search::new(&engine, options, true).unwrap().run().unwrap();
    assert_eq!(figures.total, whole.total);
    assert_eq!(
        codebreak_tree::verify(&game, &tree.root).unwrap().total,
        whole.total
    );
    // Every job again: its result is there.
    let job = &runner.plan.jobs[0];
    let again = runner.run_job(job, &RunOptions::default()).unwrap();
    assert!(matches!(again, Outcome::AlreadyDone(_)));
    let status = codebreak_shard::status(&plan, &runner.dir);
    assert_eq!((status.done, status.remaining.len()), (plan.jobs.len(), 0));
}

#[test]
fn a_stop_before_a_job_starts_it_not_and_bad_requests_name_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::new(&GameSpec::mastermind(3, 4)).unwrap();
    let plan = below(&game, "001", dir.path());
    let runner = Runner::new(plan, None).unwrap();
    let stop = codebreak_shard::Stop::new();
    stop.stop();
    let options = RunOptions {
        stop: Some(&stop),
        ..RunOptions::default()
    };
    assert!(matches!(
        runner.run_job(&runner.plan.jobs[0], &options),
        Err(Stopped::NotStarted)
    ));
    let e = runner.plan.job(99).unwrap_err();
    assert!(e.is_bad_input() && e.to_string().contains("job 99"), "{e}");
    let request = PlanRequest::new(Split::Below {
        first_guess: "0x1".into(),
        depth: 1,
    });
    let e =
        codebreak_shard::make_plan(&game, None, &request, &dir.path().join("q.plan")).unwrap_err();
    assert!(matches!(e, ShardError::BadInput(_)), "{e:?}");
    assert!(e.to_string().starts_with("first guess \"0x1\": "), "{e}");
    let e = codebreak_shard::merge(&runner.plan, &game, &runner.dir).unwrap_err();
    assert!(e.to_string().contains("have no result"), "{e}");
}

/// An openers plan of MM(3,4) below a bound that values some openers exactly.
fn openers(game: &Game, dir: &std::path::Path, bound: u64) -> Plan {
    let mut request = PlanRequest::new(Split::Openers);
    request.bound = Some(bound);
    codebreak_shard::make_plan(game, None, &request, &dir.join("o.plan")).unwrap()
}

#[test]
fn a_summary_carries_the_bounds_to_another_folder_and_the_merge_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::new(&GameSpec::mastermind(3, 4)).unwrap();
    // Solved once: the best openers exact, the others at least the bound.
    let whole = |bound: u64| {
        let at = dir.path().join(bound.to_string());
        std::fs::create_dir_all(&at).unwrap();
        let plan = openers(&game, &at, bound);
        let runner = Runner::new(plan.clone(), None).unwrap();
        for job in &plan.jobs {
            runner.run_job(job, &RunOptions::default()).unwrap();
        }
        let merged = codebreak_shard::merge(&plan, &game, &runner.dir).unwrap();
        let Merged::Openers { entries, .. } = merged else {
            panic!("an openers plan ranks openers")
        };
        (plan, runner.dir.clone(), entries)
    };
    // A bound just above the best opener's total: it alone is exact.
    let best = whole(10_000).2[0].total.unwrap();
    let (plan, done, want) = whole(best + 1);
    let summary = codebreak_shard::export(&plan, &done);
    assert!(summary.starts_with(codebreak_shard::summary::SUMMARY_HEADER));
    assert_eq!(
        summary.lines().filter(|l| !l.starts_with('#')).count(),
        plan.jobs.len()
    );
    // Imported into a fresh folder: every bound taken, the exact value left to solve.
    let fresh = dir.path().join("fresh");
    std::fs::create_dir_all(&fresh).unwrap();
    let path = dir.path().join("o.tsv");
    let got = codebreak_shard::import(&plan, &fresh, &path, &summary).unwrap();
    let exact = want.iter().filter(|e| e.total.is_some()).count();
    assert_eq!(got.exact, exact);
    assert_eq!(got.imported, plan.jobs.len() - exact);
    let status = codebreak_shard::status(&plan, &fresh);
    assert_eq!((status.done, status.imported), (got.imported, got.imported));
    let runner = Runner::new(plan.clone(), Some(&fresh)).unwrap();
    let mut solved = 0;
    for job in &plan.jobs {
        if let Outcome::Solved(_) = runner.run_job(job, &RunOptions::default()).unwrap() {
            solved += 1;
        }
    }
    assert_eq!(solved, exact);
    let Merged::Openers {
        entries, imported, ..
    } = codebreak_shard::merge(&plan, &game, &fresh).unwrap()
    else {
        panic!("openers")
    };
    assert_eq!(imported, got.imported);
    let key = |e: &codebreak_search::openers::OpenerEntry| (e.opener.clone(), e.total, e.at_least);
    assert_eq!(
        entries.iter().map(key).collect::<Vec<_>>(),
        want.iter().map(key).collect::<Vec<_>>()
    );
    // Again: every job has its result.
    let again = codebreak_shard::import(&plan, &fresh, &path, &summary).unwrap();
    assert_eq!((again.imported, again.already), (0, got.imported));
}

#[test]
fn a_summary_of_another_game_a_foreign_job_or_a_bad_value_is_refused_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::new(&GameSpec::mastermind(3, 4)).unwrap();
    let plan = openers(&game, dir.path(), 200);
    let fresh = dir.path().join("r");
    std::fs::create_dir_all(&fresh).unwrap();
    let path = std::path::Path::new("s.tsv");
    let head = codebreak_shard::export(&plan, &fresh);
    let refused = |text: &str| {
        codebreak_shard::import(&plan, &fresh, path, text)
            .unwrap_err()
            .to_string()
    };
    let e = refused("opener\ttotal\n001\t>=200\n");
    assert!(e.starts_with("s.tsv: not a summary"), "{e}");
    let other = head.replace(&plan.header.fingerprint, "0123456789abcdef");
    let e = refused(&other);
    assert!(
        e.contains("another game (fingerprint 0123456789abcdef)"),
        "{e}"
    );
    let e = refused(&format!("{head}999\t>=200\n"));
    assert!(e.contains("line 5: job `999` is not in plan"), "{e}");
    let e = refused(&format!("{head}001\t>=x\n"));
    assert!(e.contains("line 5: bound `x` of job `001`"), "{e}");
    let e = refused(&format!("{head}001\t>=200\n001\t>=200\n"));
    assert!(
        e.contains("line 6: job `001` again (first on line 5)"),
        "{e}"
    );
    let e = refused(&format!("{head}001\t151\n"));
    assert!(e.contains("without its worst case"), "{e}");
    // A bound below the plan's is not a result for it.
    let weaker = codebreak_shard::import(&plan, &fresh, path, &format!("{head}001\t>=1\n"));
    assert_eq!(weaker.unwrap().weaker, 1);
    assert_eq!(codebreak_shard::status(&plan, &fresh).done, 0);
}
