#!/usr/bin/env python3
"""Fuzzing the reader and JSON: mutated real dumps through `parse`/`format`, mutated JSON through `from_json`.

The engine is `tests/support/fuzzing.py` (its docstring has the usage and the outcomes); the test suite runs a short
version of it.  `python3 scripts/check/fuzz.py --help` for the options.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from support.fuzzing import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
