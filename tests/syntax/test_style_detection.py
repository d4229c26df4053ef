"""Style detection from the evidence a dump holds (found by the whole Base corpus, 39,865 dumps)."""
from __future__ import annotations

import jlir

# 1.5 prints DataType parameters without a space; here the only such comma follows a nested `{…} where _A`.
AFTER_NESTED = """CodeInfo(
1 ─ %1 = Core.tuple(op, itr)::Tuple{Base.FlatteningRF{_A} where _A,Any}
└──      return %1
) => Tuple{Base.FlatteningRF{_A} where _A,Any}
"""


def test_an_unspaced_comma_after_a_nested_brace_is_evidence_of_the_old_style():
    assert jlir.format(jlir.parse(AFTER_NESTED)) == AFTER_NESTED

