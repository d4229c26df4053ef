"""Run jlir.analysis.verify_ir (and liveness) over the Base 1.5.3 corpus and count the functions with errors.

    python3 scripts/check/verify_base_corpus.py [CORPUS] [--show N]

The corpus (`~/.cache/jlir/base-corpus-1.5.3.txt`, written by
`scripts/gen/gen_base_corpus.jl`) is read one dump at a time, so a dump jlir
cannot parse is counted and skipped rather than stopping the run.  Exit
status 1 when any parsed function has a verifier error.  Too slow for the test
suite (about a minute here); the expected figure is 0.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

import jlir  # noqa: E402
from jlir.analysis.live_ranges import liveness, slot_liveness  # noqa: E402
from jlir.analysis.verifier import verify_ir  # noqa: E402

DEFAULT = Path(os.environ.get("JLIR_JULIA_CACHE", Path.home() / ".cache" / "jlir")) / "base-corpus-1.5.3.txt"


def dumps(text: str) -> list[str]:
    """The corpus split at the blank line before each `CodeInfo(`."""
    return [d.rstrip("\n") + "\n" for d in re.split(r"\n\n(?=CodeInfo\()", text)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--show", type=int, default=20, help="print the errors of at most this many functions")
    args = ap.parse_args()
    t0 = time.perf_counter()
    kinds: collections.Counter = collections.Counter()
    parsed = unparsable = with_errors = with_warnings = 0
    for k, text in enumerate(dumps(args.corpus.read_text(encoding="utf-8")), 1):
        try:
            fns = jlir.functions(jlir.parse(text, f"{args.corpus}#dump{k}"))
        except jlir.JlirError:
            unparsable += 1
            continue
        for fn in fns:
            parsed += 1
            liveness(fn)
            slot_liveness(fn)
            diags = verify_ir(fn)
            kinds.update((d.kind, d.severity) for d in diags)
            errors = [d for d in diags if d.severity == "error"]
            with_warnings += bool(diags) and not errors
            if errors:
                with_errors += 1
                if with_errors <= args.show:
                    print(f"dump {k}: " + "; ".join(map(str, errors[:3])))
    print(f"{parsed} functions parsed ({unparsable} dumps unparsable): {with_errors} with errors, "
          f"{with_warnings} with warnings only {dict(kinds)} in {time.perf_counter() - t0:.0f} s")
    return 1 if with_errors else 0


if __name__ == "__main__":
    sys.exit(main())
