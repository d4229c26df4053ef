"""A literal a `Core.Box` is made with in optimized code has no width in the print: the box's field is `Any`, and
inlining keeps a folded value's own type (`kw1(a; shift1=Int8(7))` inlined makes `%new(Core.Box, 7)` of an Int8).
Read as an Int64, the 7 widened `p3 | 7` and sent an Int64 to the keyword sorter, whose `MethodError` Julia never
threw: a generated program (seed 4, `g3_1512`) gave a wrong answer.  Refused unless Julia's literal types say; the
source's literal of a slot form is an Int64."""
from __future__ import annotations

import pytest

import jlir
from jlir import interp

OPTIMIZED = ("CodeInfo(\n1 ─ %1 = Core.Box::Type{Core.Box}\n│   %2 = %new(%1, 7)::Core.Box\n"
             "│   %3 = Core.getfield(%2, :contents)::Any\n└──      return %3\n) => Any\n")
LOWERED = "CodeInfo(\n1 ─ %1 = Core.Box\n│   %2 = %new(%1, 7)\n│   %3 = Core.getfield(%2, :contents)\n└──      return %3\n)\n"


def test_an_optimized_boxs_literal_is_refused():
    with pytest.raises(interp.NotInterpretable, match="the type of the literal 7 a Core.Box holds"):
        interp.run(jlir.functions(jlir.parse(OPTIMIZED))[0], [], optimized=True)


def test_a_slot_forms_box_holds_the_sources_int64():
    r = interp.run(jlir.functions(jlir.parse(LOWERED))[0], [], optimized=False)
    assert (r.type, r.value) == ("Int64", 7)
