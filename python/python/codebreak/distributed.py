"""Exact searches split into jobs and run on many cores or machines.

``optimal(game, first_guess="0012", executor="ray")`` plans the search below the opener (one
job per reply to it), runs each job as a Ray task (``ray.remote``) or in a local pool of
threads or processes, merges the results and returns a ``DistributedResult``: the merged,
verified ``Report`` (``total``, ``worst``, ``histogram``, the whole game's ``tree``) and each
job's figures. With ``openers=True`` there is one job per opener and the result ranks them.

The plan and its results are files, the ones ``codebreak shard`` reads and writes
(``PLAN.results/ID.json``, written atomically with a checksum): the executors share nothing
else. So a Ray cluster needs a folder every node sees (``results_dir``); a run interrupted
anywhere is resumed by running the same plan again (finished jobs are skipped, a stopped one
resumes its checkpoint); and ``codebreak shard status|merge PLAN`` work on it from the shell.

Only built-in games (``Game.mastermind``, ``Game.bulls``, ...) can be planned here: a worker
builds the game again from the plan. Ray is optional: ``pip install ray``.
"""

from __future__ import annotations

import multiprocessing
import os
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from . import _codebreak

__all__ = ["DistributedResult", "optimal", "run_job"]

EXECUTORS = ("local", "process", "ray")


@dataclass
class DistributedResult:
    """A sharded search's answer.

    ``report`` is the merged ``Report`` of a plan below an opener (``None`` for an openers
    plan), ``openers`` the ranking of an openers plan (``None`` otherwise), ``jobs`` each job's
    result (``index``, ``history``, ``value``, ``secrets``, ``nodes``, ``millis``,
    ``already_done``), ``plan`` the plan file, ``seconds`` the wall-clock time of the whole run.
    """

    plan: str
    executor: str
    jobs: List[Dict[str, Any]]
    seconds: float
    report: Any = None
    openers: Optional[List[Dict[str, Any]]] = None
    results_dir: str = ""
    status: Dict[str, Any] = field(default_factory=dict)

    def _figure(self, name: str) -> Optional[int]:
        """A figure of the merged strategy, or of the best opener valued exactly."""
        if self.report is not None:
            return getattr(self.report, name)
        exact = [o for o in self.openers or [] if name in o]
        return exact[0][name] if exact else None

    @property
    def total(self) -> Optional[int]:
        """Guesses in all of the merged strategy (or the best opener's, for an openers plan)."""
        return self._figure("total")

    @property
    def worst(self) -> Optional[int]:
        """Most guesses any secret needs with the merged strategy (or the best opener)."""
        return self._figure("worst")

    @property
    def tree(self):
        """The merged decision tree (plans below an opener)."""
        return None if self.report is None else self.report.tree


def run_job(plan: str, index: int, results_dir: Optional[str] = None) -> Dict[str, Any]:
    """Solves job ``index`` of ``plan`` into its result file (skipped if it is there) and
    returns its result; the GIL is released while it runs. What every executor calls."""
    return _codebreak.shard_run_job(plan, index, results_dir)


def _objective(objective: str) -> str:
    # "total" is what the plan minimises, the fewest guesses in all: the engine's "expected".
    if objective in ("total", "expected"):
        return "expected"
    raise ValueError(
        f"objective {objective!r}: a sharded search minimises the total (the worst case of an "
        "opener is not the largest of its positions' optima); expected 'total' (or 'expected'), "
        "with max_depth to bound the worst case"
    )


def _run_ray(plan: str, indices: List[int], results_dir: Optional[str], num_cpus: float):
    import ray  # optional: pip install ray

    if not ray.is_initialized():
        ray.init()
    task = ray.remote(num_cpus=num_cpus)(run_job)
    return ray.get([task.remote(plan, i, results_dir) for i in indices])


def optimal(
    game,
    *,
    first_guess: Optional[str] = None,
    depth: int = 1,
    openers: bool = False,
    objective: str = "total",
    bound: Optional[int] = None,
    max_depth: Optional[int] = None,
    pool: Optional[str] = None,
    executor: str = "local",
    results_dir: Optional[str] = None,
    plan: Optional[str] = None,
    workers: Optional[int] = None,
    ray_num_cpus: float = 1,
) -> DistributedResult:
    """The exact optimum of ``game`` (fewest guesses in all), split into jobs.

    ``first_guess``: one job per reply to this opener (``depth=2``: one per reply and next
    guess worth trying, for the replies that leave at least 16 secrets); ``openers=True``: one
    job per opener (valued below ``bound`` if given). ``executor``: ``"local"`` (a thread pool in this
    process, each job's search without the GIL), ``"process"`` (a process pool), or ``"ray"``
    (one Ray task per job, ``ray_num_cpus`` each; ``ray.init()`` is called if Ray is not
    initialised). ``workers``: jobs at once for the local pools (default: the CPU count).

    ``plan``: the plan file to write (default ``plan`` in ``results_dir``'s parent, or a new
    temporary folder); ``results_dir``: the results folder (default ``PLAN.results``), which
    every worker must see. An existing plan file of the same search is replaced by the same
    jobs with the same ids, so results already there are reused.
    """
    if executor not in EXECUTORS:
        raise ValueError(f"executor {executor!r}: expected one of {', '.join(EXECUTORS)}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers {workers}: expected at least 1")
    start = time.perf_counter()
    if plan is None:
        folder = (
            os.path.dirname(os.path.abspath(results_dir))
            if results_dir
            else tempfile.mkdtemp(prefix="codebreak-shard-")
        )
        plan = os.path.join(folder, "search.plan")
    plan = os.path.abspath(plan)
    if results_dir is not None:
        results_dir = os.path.abspath(results_dir)
    info = _codebreak.shard_plan(
        game,
        plan,
        first_guess=first_guess,
        openers=openers,
        objective=_objective(objective),
        max_depth=max_depth,
        pool=pool,
        bound=bound,
        depth=depth,
    )
    indices = [job["index"] for job in info["jobs"]]
    if executor == "ray":
        jobs = _run_ray(plan, indices, results_dir, ray_num_cpus)
    else:
        n = workers or os.cpu_count() or 1
        # Processes are spawned, not forked: a fork would copy the engine's thread pool
        # without its threads.
        ex = (
            ThreadPoolExecutor(max_workers=n)
            if executor == "local"
            else ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"))
        )
        with ex:
            jobs = list(ex.map(run_job, [plan] * len(indices), indices, [results_dir] * len(indices)))
    merged = _codebreak.shard_merge(plan, results_dir)
    result = DistributedResult(
        plan=plan,
        executor=executor,
        jobs=jobs,
        seconds=time.perf_counter() - start,
        results_dir=results_dir or info["results"],
        status=_codebreak.shard_status(plan, results_dir),
    )
    if isinstance(merged, list):
        result.openers = merged
    else:
        result.report = merged
    return result
