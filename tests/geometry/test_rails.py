"""The rails and the SSA column of a dump as Julia's printer draws them (`jlir.geometry.rails`): their widths
depend only on the largest block number and the widest used SSA number."""
from __future__ import annotations

from jlir.geometry import rails


def test_rails_are_as_wide_as_the_largest_block_number_plus_two():
    for blocks in (1, 9, 10, 123):
        w = rails.rail_width(blocks)
        texts = [rails.start_rail(1, w, False), rails.start_rail(blocks, w, True), rails.mid_rail(w), rails.end_rail(w)]
        assert {len(t) for t in texts} == {w + 2}, texts
    assert rails.start_rail(3, 2, True) == "3 ┄─" and rails.end_rail(2) == "└───" and rails.mid_rail(1) == "│  "


def test_the_ssa_column_is_as_wide_used_or_not():
    width = rails.ssa_width({3, 12, 7})
    assert width == 2 and rails.ssa_column(3, width) == "%3  = " and rails.ssa_column(12, width) == "%12 = "
    assert len(rails.blank_ssa_column(width)) == len(rails.ssa_column(12, width))
    assert rails.ssa_width(set()) == 0
