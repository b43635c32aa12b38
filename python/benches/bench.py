"""The package's speed targets, each asserting the figure it times.

1. MM(5,8) entropy over all 32768 secrets, through the package; with --binary PATH, the same
   analysis by the `codebreak` binary (`analyze --pegs 5 --colors 8 --strategy entropy
   --json`, its own `seconds`), runs interleaved so both see the same machine load. Target:
   the package within 10 % of the binary.
2. A custom game's reply table from a simple Python function: pairs scored per second.
   Target: at least 1 million.

Run: python python/benches/bench.py [--binary target/release/codebreak] [--runs 3]
"""

import argparse
import json
import statistics
import subprocess
import time

import codebreak as cb

MM58 = (32768, 179863, 8)  # secrets, total, worst of entropy on MM(5,8)


def package_mm58():
    r = cb.analyze(cb.Game.mastermind(pegs=5, colors=8), strategy="entropy")
    assert (r.secrets, r.total, r.worst) == MM58, r
    return r.seconds


def binary_mm58(binary):
    out = subprocess.run(
        [binary, "analyze", "--pegs", "5", "--colors", "8", "--strategy", "entropy", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    r = json.loads(out)
    assert (r["secrets"], r["total"], r["worst"]) == MM58, r
    return r["seconds"]


def table_rate(guesses=2000, secrets=1000):
    def score(g, s):
        return s >= g

    start = time.perf_counter()
    g = cb.Game.custom(range(guesses), range(secrets), score, end="known", progress=False)
    seconds = time.perf_counter() - start
    assert len(g.replies) == 2
    return guesses * secrets / seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", help="a release `codebreak` binary to compare with")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    pkg, binr = [], []
    for _ in range(a.runs):
        pkg.append(package_mm58())
        if a.binary:
            binr.append(binary_mm58(a.binary))
    p = statistics.median(pkg)
    print(f"MM(5,8) entropy, package: median {p:.2f} s of {[round(x, 2) for x in pkg]}")
    if binr:
        b = statistics.median(binr)
        print(f"MM(5,8) entropy, binary:  median {b:.2f} s of {[round(x, 2) for x in binr]}")
        print(f"package / binary: {p / b:.3f} (target at most 1.10)")
    rates = [table_rate() for _ in range(a.runs)]
    print(f"custom table from a Python function: {max(rates) / 1e6:.2f} M pairs/s at best "
          f"(target at least 1), runs {[round(r / 1e6, 2) for r in rates]}")


if __name__ == "__main__":
    main()
