#!/usr/bin/env python3
"""Pass outputs read back as the same model: every registered pass on every function of the 1.5.3 fixtures.

For each fixture text that reads, each function and each pass that runs on it (a `JlirError` is a refusal, not
counted), the output `x` must satisfy the reader's rule, `parse(format(x)) == x` as `jlir.json.same_reading`
compares (the style range as the reader re-detects it).  Prints the counts and, per pass, the first place where
a model differs (`--verbose`: every one).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import jlir  # noqa: E402
from jlir import passes  # noqa: E402
from jlir.ir.errors import JlirError  # noqa: E402
from jlir.ir.excerpt import is_excerpt  # noqa: E402
from jlir.json import first_difference, same_reading  # noqa: E402

FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
CORPUS = ROOT / "fixtures" / "corpus"


def check(fn, name: str) -> str | None:
    """None when the pass output reads back as itself, else where it first differs."""
    try:
        out = passes.run(fn, [name])
    except JlirError:
        return None
    text = jlir.format(out)
    try:
        again = jlir.functions(jlir.parse(text))[0]
    except jlir.ParseError as e:
        return f"does not read back: {e.message[:60]}"
    if same_reading(out, again):
        return None
    return first_difference(out, again, "$")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--glob", default="*.txt", help="fixture files (default: every .txt)")
    ap.add_argument("--corpus", action="store_true", help="the corpus's dumps (fixtures/corpus) instead")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args(argv)
    runs, classes = 0, Counter()
    folder = CORPUS if a.corpus else FIXTURES
    for path in sorted(folder.glob(a.glob)):
        try:
            fns = jlir.functions(jlir.parse_file(path))
        except JlirError:
            continue
        for fn in fns:
            if is_excerpt(fn):
                continue  # no pass runs on an excerpt
            for name in sorted(passes.REGISTRY):
                runs += 1
                where = check(fn, name)
                if where is not None:
                    classes[(name, where.split("[")[0] if "[" in where else where)] += 1
                    if a.verbose:
                        print(f"{path.name} {name}: {where}")
    bad = sum(classes.values())
    print(f"{runs} pass runs over {folder.name}: {bad} outputs read back as another model")
    for (name, where), k in classes.most_common():
        print(f"  {k:5d}  {name}: {where}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
