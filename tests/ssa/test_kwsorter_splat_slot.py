"""A keyword sorter's `kwargs...` slot (`Core.NewvarNode(:(kwargs...))`) is a slot like any other.

The reader reads `kwargs...` as `kwargs` splatted; a slot form has no splat (a call with one is
`Core._apply_iterate`), so `jlir.ssa.prepare.splat_slot` makes it the slot of that name.  `jlir ssa` crashed on
it (`'TypeQuote' object has no attribute 'id'`) on 8 of Base's keyword sorters; now it makes what Julia 1.5.3's
`slot2reg` + `compact!` made of the same print (tests/data/ssa/README.md says where both come from).
"""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ssa import into_ssa
from jlir.ssa.prepare import splat_slot

DATA = Path(__file__).resolve().parents[1] / "data" / "ssa"
ARGNAMES = ("", "", "logger", "level", "message", "_module", "group", "id", "filepath", "line")


def test_a_splatted_name_in_slot_form_is_the_slot_of_that_name():
    kw = V.SlotNumber("kwargs", None)
    assert splat_slot(V.Splat(kw)) == V.SlotNumber("kwargs...", None)
    assert splat_slot(N.NewvarNode(T.TypeQuote(V.Splat(kw)))) == N.NewvarNode(V.SlotNumber("kwargs...", None))


def test_ssa_of_a_keyword_sorter_is_julias_slot2reg_and_compact():
    fn = jlir.functions(jlir.parse_file(DATA / "kwsorter.typed-unoptimized.txt"))[0]
    ours = jlir.format(into_ssa(fn, argnames=ARGNAMES))
    assert ours.rstrip("\n") == (DATA / "kwsorter.ssa.txt").read_text(encoding="utf-8").rstrip("\n")
