"""`print_statement_costs` whose method title spans two lines (1.9–1.11: `     @ Base tuple.jl:273` under it)."""
from __future__ import annotations

from pathlib import Path

import jlir

DATA = Path(__file__).resolve().parents[2] / "data"


def test_a_cost_display_keeps_its_two_line_method_title():
    text = (DATA / "costs-1.10-method-location.txt").read_text(encoding="utf-8")
    doc = jlir.parse(text)
    f = doc.items[0]
    assert f.title == "map(f, t::Tuple{Any})\n     @ Base tuple.jl:273"
    assert f.costs == (0, 1, 2, 0, 0, 0, 20, 0, 0, 0, 0) and f.tail_dropped
    assert jlir.format(doc) == text


def test_a_one_line_title_then_a_location_like_statement_is_not_a_title():
    # 1.12's one-line title (`map(f, t::Tuple{Any}) @ Base tuple.jl:358`) is still read as one line
    text = (Path(__file__).resolve().parents[3] / "fixtures" / "corpus" / "0050.txt").read_text(encoding="utf-8")
    f = jlir.parse(text).items[0]
    assert f.title == "map(f, t::Tuple{Any}) @ Base tuple.jl:358" and len(f.costs) == 12
