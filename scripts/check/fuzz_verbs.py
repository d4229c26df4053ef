#!/usr/bin/env python3
"""Fuzzing every verb of the `jlir` command: mutated real dumps through parse, print, roundtrip, diff, cfg, dom,
loops, liveness, verify, analyze, opt, run, ssa and html (results checked where they can be, else a located error).

The engine is `tests/support/verb_fuzzing.py` (its docstring has the usage and the outcomes); the test suite runs a
short version of it.  `python3 scripts/check/fuzz_verbs.py --help` for the options.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from support.verb_fuzzing import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
