"""`jlir ssa` of real `optimize=false` prints against Julia 1.5.3's slot2reg + compact! on the same code.

Each fixture under `fixtures/reference-1.5.3/ssa/` is one instance's oracle record (its provenance inside): the
print Julia gave, and the IRCode its `slot2reg` + `compact!` made of it.  Every one was wrong before the fix that
names it."""
import json
from pathlib import Path

import pytest

import jlir
from jlir.oracle.run import instance_types
from jlir.ssa import into_ssa

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "reference-1.5.3" / "ssa"


def _ssa_of(record: dict) -> str:
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    types = instance_types(record)
    names = tuple(record["argnames"])
    self_name = record.get("self")
    slotnames = (self_name, *names) if self_name not in (None, "#self#") else None
    return jlir.format(into_ssa(fn, argnames=names, slotnames=slotnames, slottypes=types[0] or None,
                                argtypes=types[0], sptypes=types[1]))


@pytest.mark.parametrize("name", sorted(p.stem for p in FIXTURES.glob("*.json")))
def test_ssa_equals_julias_slot2reg_and_compact(name):
    record = json.loads((FIXTURES / f"{name}.json").read_text())
    assert _ssa_of(record).rstrip("\n") == record["ssa"].rstrip("\n")
