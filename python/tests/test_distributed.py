"""codebreak.distributed: a search split into jobs, run on a local pool or Ray tasks, merges
to the unsharded optimum with a tree the verifier replays; the files are those of
`codebreak shard`."""

import json
import os

import pytest

import codebreak as cb
from codebreak import _codebreak, distributed
from conftest import GAMES


def test_mm46_below_0012_is_5625_on_threads_and_agrees_with_the_unsharded_search(tmp_path):
    game = cb.Game.mastermind()
    r = distributed.optimal(game, first_guess="0012", results_dir=str(tmp_path / "res"), workers=2)
    assert r.total == 5625
    assert r.worst == 6
    assert len(r.jobs) == 13 and r.status["done"] == 13
    assert sum(j["secrets"] for j in r.jobs) == 1296 - 1
    assert all(j["value"]["status"] == "exact" for j in r.jobs)
    whole = cb.optimal(game, first_guess="0012")
    assert r.report.histogram == whole.histogram
    # The merged tree replays on its own, and is a tree of the whole game from 0012.
    assert cb.verify(game, r.tree).total == 5625
    assert r.tree.root.guess == "0012"
    # Run again: every job is skipped, the answer is the same.
    again = distributed.optimal(game, first_guess="0012", results_dir=str(tmp_path / "res"))
    assert all(j["already_done"] for j in again.jobs)
    assert again.total == 5625


def test_a_job_result_is_the_file_the_command_line_reads(tmp_path):
    plan = str(tmp_path / "p.plan")
    info = _codebreak.shard_plan(cb.Game.mastermind(3, 4), plan, first_guess="001")
    assert info["kind"] == "below" and len(info["jobs"]) >= 3
    job = info["jobs"][0]
    r = distributed.run_job(plan, 0)
    assert r["id"] == job["id"] and not r["already_done"]
    with open(os.path.join(info["results"], job["id"] + ".json")) as f:
        on_disk = json.load(f)
    assert on_disk["value"] == r["value"] and on_disk["tree"]
    assert _codebreak.shard_status(plan)["done"] == 1
    with pytest.raises(RuntimeError, match="have no result"):
        _codebreak.shard_merge(plan)
    # A damaged result is refused by name, and solved again by the next run.
    with open(os.path.join(info["results"], job["id"] + ".json"), "w") as f:
        f.write("{")
    assert _codebreak.shard_status(plan)["failed"][0]["index"] == 0
    assert not distributed.run_job(plan, 0)["already_done"]


def test_openers_plans_rank_as_openers_does(tmp_path):
    game = cb.Game.mastermind(3, 4)
    r = distributed.optimal(game, openers=True, bound=300, results_dir=str(tmp_path / "o"))
    assert r.report is None
    assert r.openers == cb.openers(game, bound=300)
    assert r.total == r.openers[0]["total"]


def test_a_plan_of_depth_two_splits_positions_by_their_next_guess_and_agrees(tmp_path):
    game = cb.Game.mastermind(3, 6)
    one = distributed.optimal(game, first_guess="012", results_dir=str(tmp_path / "one"), workers=2)
    two = distributed.optimal(
        game, first_guess="012", depth=2, results_dir=str(tmp_path / "two"), workers=2
    )
    assert two.total == one.total == cb.optimal(game, first_guess="012").total
    assert len(two.jobs) > len(one.jobs)
    assert cb.verify(game, two.tree).total == two.total
    with pytest.raises(ValueError, match="depth 3"):
        distributed.optimal(game, first_guess="012", depth=3, results_dir=str(tmp_path / "x"))


def test_bad_requests_name_the_bad_value(tmp_path):
    game = cb.Game.mastermind()
    with pytest.raises(ValueError, match="executor 'slurm'"):
        distributed.optimal(game, first_guess="0012", executor="slurm")
    with pytest.raises(ValueError, match="objective 'worst'"):
        distributed.optimal(game, first_guess="0012", objective="worst")
    with pytest.raises(ValueError, match='first guess "0x12"'):
        distributed.optimal(game, first_guess="0x12", results_dir=str(tmp_path / "r"))
    with pytest.raises(ValueError, match="job 99"):
        _codebreak.shard_plan(game, str(tmp_path / "p.plan"), first_guess="0012")
        distributed.run_job(str(tmp_path / "p.plan"), 99)
    with pytest.raises(ValueError, match="expected a built-in game or Game.from_file"):
        custom = cb.Game.custom(["a", "b"], ["a", "b"], lambda g, s: g == s)
        _codebreak.shard_plan(custom, str(tmp_path / "c.plan"), openers=True)


def test_a_game_file_with_constants_is_planned_and_read_again_by_the_workers(tmp_path):
    # The plan names the file and its constants; each worker reads the file again.
    game = cb.Game.from_file(GAMES / "coins.toml", set={"COINS": 6})
    r = distributed.optimal(game, openers=True, results_dir=str(tmp_path / "c"), workers=2)
    assert r.openers == cb.openers(game)
    with open(r.plan) as f:
        header = json.loads(f.readline())
    assert header["game_file"]["set"] == ["COINS=6"]
    assert header["game_file"]["path"].endswith("coins.toml")
    below = distributed.optimal(
        game, first_guess=r.openers[0]["opener"], results_dir=str(tmp_path / "b"), workers=2
    )
    assert below.total == r.openers[0]["total"]
    assert cb.verify(game, below.tree).total == below.total


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_tasks_merge_to_5625_as_the_local_pool_does(ray_cluster, tmp_path):
    game = cb.Game.mastermind()
    on_ray = distributed.optimal(
        game, first_guess="0012", executor="ray", results_dir=str(tmp_path / "ray")
    )
    local = distributed.optimal(game, first_guess="0012", results_dir=str(tmp_path / "local"))
    assert on_ray.total == local.total == 5625
    assert on_ray.report.histogram == local.report.histogram
    assert [j["value"] for j in on_ray.jobs] == [j["value"] for j in local.jobs]
    assert not any(j["already_done"] for j in on_ray.jobs)
    assert cb.verify(game, on_ray.tree).total == 5625


def test_ray_bulls_and_cows_below_0123_is_26274(ray_cluster, tmp_path):
    game = cb.Game.bulls()
    r = distributed.optimal(game, first_guess="0123", executor="ray", results_dir=str(tmp_path / "b"))
    assert r.total == 26274
    assert cb.verify(game, r.tree).total == 26274
