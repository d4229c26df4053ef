"""The interpreter on every function jlir has a print of (fixtures and the Base corpus), on arbitrary
arguments: each run ends in a value, a Julia exception or `NotInterpretable`, never a Python error."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import interp
from support.parsed import functions_of

ROOT = Path(__file__).resolve().parents[2]
ARGUMENT_SETS = ([], [1], [-1, 2.5], [0, None, "s"], [interp.JArray("Int64", [3, 1, 2]), (1, 2), True])


def _functions():
    for path in sorted((ROOT / "fixtures" / "corpus").glob("*.txt")) + sorted(
            (ROOT / "fixtures" / "julia-1.5.3").glob("*.txt")):
        try:
            yield from ((path.name, f) for f in functions_of(path))
        except jlir.JlirError:
            continue


def test_every_printed_function_runs_or_refuses_on_arbitrary_arguments():
    crashes, runs = [], 0
    for name, fn in _functions():
        for args in ARGUMENT_SETS:
            runs += 1
            try:
                interp.run(fn, args, max_depth=10, max_steps=5000)
            except interp.NotInterpretable:
                pass
            except Exception as e:  # noqa: BLE001 - the point is that nothing else escapes
                crashes.append(f"{name} {fn.form.value} {args!r}: {type(e).__name__}: {e}")
    assert runs > 2500
    assert not crashes, "\n".join(crashes[:20])
