#!/usr/bin/env python3
"""Fits the model of codebreak_search::estimate to tests/data/optimal_timings.tsv.

ln(CPU seconds) = constant + sum of coefficient x term, least squares over the rows that took
at least MIN_CPU seconds (quicker ones are mostly start-up); a run cut off by its time box
counts at its floor, so the fit leans low there. Prints the constants to paste into
crates/search/src/estimate.rs, the largest error as a factor (UNCERTAINTY), the
leave-one-out errors (how well the model predicts a game it was not fitted on), and the
table of docs/optimal-estimate.md. Pure Python, no dependencies.
Usage: python3 scripts/fit-optimal-estimate.py
"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "tests", "data", "optimal_timings.tsv")
MIN_CPU = 0.2


def terms(r):
    """Must match Features::terms in crates/search/src/estimate.rs."""
    ln_s = math.log(r["secrets"])
    return [
        ln_s,
        ln_s * ln_s,
        math.log(r["orbits"]),
        math.log(r["replies"]),
        1.0 if r["objective"] == "worst" else 0.0,
        ln_s / math.log(r["replies"] + 1),
    ]


def rows():
    out = []
    for line in open(DATA):
        if line.startswith("#") or not line.strip():
            continue
        c = line.rstrip("\n").split("\t")
        out.append(
            {
                "id": c[0],
                "spec": c[1],
                "objective": c[2],
                "secrets": float(c[3]),
                "guesses": float(c[4]),
                "replies": float(c[5]),
                "orbits": float(c[6]),
                "cpu": None if c[7].startswith(">") else float(c[7]),
                "floor": float(c[7][1:]) if c[7].startswith(">") else None,
                "wall": c[8],
                "note": c[11],
            }
        )
    return out


def cpu(r):
    """The CPU seconds of a row, or its floor when the run was cut off."""
    return r["cpu"] if r["cpu"] is not None else r["floor"]


def solve(a, b):
    """Solves a x = b (Gauss-Jordan with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data):
    xs = [[1.0] + terms(r) for r in data]
    ys = [math.log(cpu(r)) for r in data]
    k = len(xs[0])
    ata = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    aty = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(k)]
    return solve(ata, aty)


def predict(beta, r):
    return math.exp(sum(b * x for b, x in zip(beta, [1.0] + terms(r))))


def human(s):
    for name, size in [("h", 3600), ("min", 60), ("s", 1)]:
        if s >= size:
            return f"{s / size:.2g} {name}"
    return f"{s:.2g} s"


def main():
    data = rows()
    measured = [r for r in data if cpu(r) >= MIN_CPU]
    beta = fit(measured)
    res = {r["id"]: math.log(cpu(r) / predict(beta, r)) for r in measured}
    worst = max(abs(v) for v in res.values())
    loo = {}
    for r in measured:
        b = fit([q for q in measured if q is not r])
        loo[r["id"]] = math.log(cpu(r) / predict(b, r))
    rms = math.sqrt(sum(v * v for v in res.values()) / len(res))
    print(f"const MODEL_CONSTANT: f64 = {beta[0]:.4};")
    print("const COEFFICIENTS: [f64; TERMS] = [" + ", ".join(f"{b:.4}" for b in beta[1:]) + "];")
    print(f"pub const UNCERTAINTY: f64 = {math.exp(worst):.2};  // largest error, as a factor")
    print(f"rms error x{math.exp(rms):.2f}; leave-one-out: largest x{math.exp(max(abs(v) for v in loo.values())):.2f}, "
          f"rms x{math.exp(math.sqrt(sum(v * v for v in loo.values()) / len(loo))):.2f}")
    print()
    print("| game | objective | secrets | replies | orbits | CPU s measured | predicted | ratio | left out | wall s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in data:
        p = predict(beta, r)
        m = f"{r['cpu']:g}" if r["cpu"] is not None else f"> {r['floor']:g}"
        ratio = f"{cpu(r) / p:.2f}"
        left = f"{math.exp(loo[r['id']]):.2f}" if r["id"] in loo else "(not fitted)"
        print(f"| {r['id']} | {r['objective']} | {r['secrets']:g} | {r['replies']:g} | {r['orbits']:g} "
              f"| {m} | {p:.3g} | {ratio} | {left} | {r['wall']} |")


if __name__ == "__main__":
    main()
