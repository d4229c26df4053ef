"""A closure's type is named per module (`Main.Gen3.var"#3#5"`, `Main.Gen21.var"#3#5"`): callee IR is looked up by a
key that keeps a generated name's module (`jlir.interp.provider.signature_key`).  Records are Julia 1.5.3's
(tests/data/interp/unchosen/README.md)."""
from __future__ import annotations

import json
from pathlib import Path

import jlir
from jlir.oracle.interp import RecordCallees

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "unchosen"


def _records(name: str) -> list:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


def test_two_modules_closures_of_one_name_never_answer_for_each_other():
    # `Main.Gen3.var"#3#5"` and `Main.Gen21.var"#3#5"` are unrelated types (gensym names are per module): the
    # callee IR of one served for the other ran Gen21's closure in φ2_3 and returned 2 where Julia returns 8
    records = _records("two-modules-closure.jsonl")
    gen21 = next(r for r in records if "Gen21" in r["mi"])
    gen3 = next(r for r in records if "Gen3.var" in r["mi"] and "UInt64" in r["mi"])
    for first in ((gen21, gen3), (gen3, gen21)):
        provider = RecordCallees(first)
        fn = provider.lookup('(::Main.Gen3.var"#3#5")', ("UInt64",))
        assert fn is not None and jlir.format(fn).rstrip("\n") == gen3["typed"].rstrip("\n")
        fn = provider.lookup('(::Main.Gen21.var"#3#5")', ("UInt64",))
        assert fn is not None and jlir.format(fn).rstrip("\n") == gen21["typed"].rstrip("\n")
