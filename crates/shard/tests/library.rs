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
