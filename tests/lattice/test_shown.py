"""`jlir.lattice.shown.typeof_value`: the type of a constant as `show` printed it, or Undecided."""
from __future__ import annotations

import pytest

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice.shown import typeof_value
from jlir.lattice.typeset import Undecided


def test_a_negated_unsigned_literal_is_a_call_not_a_value_of_known_type():
    # `show` writes no negative unsigned value: `-0xc8` in a print is the call `-(0xc8)` (slot2reg's stage of
    # seed-4 `mix3_4463`, `%224 = -0xc8::Const(0x38, false)`)
    with pytest.raises(Undecided):
        typeof_value(V.Literal("-0xc8", "int"))
    assert typeof_value(V.Literal("0xc8", "int")) == T.TypeName(("UInt8",))
    assert typeof_value(V.Literal("-200", "int")) == T.TypeName(("Int64",))
