"""A decimal constant of optimized code takes the integer width its uses show (`jlir.interp.shown_values.use_type`):
through a π to a `Core.tuple` whose statement type names each element's type.  Records are Julia 1.5.3's
(tests/data/interp/unchosen/README.md)."""
from __future__ import annotations

import json
from pathlib import Path

from jlir.interp.builtin import BaseProvider
from jlir.oracle.interp import Chain, RecordCallees, check_interp

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "unchosen"


def _records(name: str) -> list:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


def test_a_phi_constant_takes_the_width_the_tuple_built_from_it_shows():
    # `%262 = φ (#107 => -3, …)::MaybeUndef(Const(-3, false))`, `%264 = π (%262, Const(-3, false))`,
    # `Core.tuple(%264, y)::PartialStruct(Tuple{Int32,UInt128}, …)`: the tuple builtin's type is its arguments'
    # types, so the -3 is an Int32 (read as an Int64, the run returned a Tuple{Int64,UInt128})
    records = _records("gen-4-00123.jsonl")
    main = next(r for r in records if r["mi"].startswith("MethodInstance for main_123("))
    provider = Chain(RecordCallees(records), BaseProvider())
    for form in ("typed", "ircode"):
        outcomes = check_interp(main, provider, form)
        assert [o.verdict for o in outcomes] == ["equal"] * 3, (form, outcomes)
