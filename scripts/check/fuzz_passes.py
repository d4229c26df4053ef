#!/usr/bin/env python3
"""Fuzzing the second half: mutated real dumps through the verifier, every pass, `ssa` and `run`.

The engine is `tests/support/pass_fuzzing.py` (its docstring has the usage and the outcomes); the test suite runs a short
version of it.  `python3 scripts/check/fuzz_passes.py --help` for the options.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from support.pass_fuzzing import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
