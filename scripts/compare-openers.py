#!/usr/bin/env python3
"""Compares the opener values of a shard summary (`codebreak shard export`) with a published
list of exact opener values, one `opener total` or `opener average total` a line (Alex
Selby's `normal.some3593.proven` or `results_easy_nyt20230701` in alex1770/wordle).

Prints how many exact values agree, any that disagree, the openers valued exactly here that
the list lacks, and any opener proved `at least N` here that the list gives a smaller value.
Exits 1 when a value disagrees or contradicts a bound.
Usage: python3 scripts/compare-openers.py SUMMARY.tsv PUBLISHED [--new]   (--new: list them)
"""
import sys


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    summary, published = args
    known = {}
    for line in open(published):
        word, *rest = line.split()
        known[word] = int(rest[-1])
    exact, at_least = {}, {}
    for line in open(summary):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        if cols[1].startswith(">="):
            at_least[cols[0]] = int(cols[1][2:])
        elif cols[1] != "infeasible":
            exact[cols[0]] = int(cols[1])
    agree = [w for w in exact if known.get(w) == exact[w]]
    differ = [(w, exact[w], known[w]) for w in exact if w in known and known[w] != exact[w]]
    new = sorted((v, w) for w, v in exact.items() if w not in known)
    contradict = [(w, n, known[w]) for w, n in at_least.items() if w in known and known[w] < n]
    print(f"exact here {len(exact)}, at least a bound {len(at_least)}; published {len(known)}")
    print(f"agree     {len(agree)}")
    print(f"differ    {len(differ)} {differ[:10]}")
    print(f"new       {len(new)} exact values the published list lacks"
          + (f", from {new[0][1]} {new[0][0]} to {new[-1][1]} {new[-1][0]}" if new else ""))
    print(f"contradict {len(contradict)} {contradict[:10]}")
    if "--new" in sys.argv:
        for v, w in new:
            print(f"{w}\t{v}")
    sys.exit(1 if differ or contradict else 0)


if __name__ == "__main__":
    main()
