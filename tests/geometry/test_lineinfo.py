"""The inlining gutter of a line table (`jlir.geometry.lineinfo.line_annotations`), as Julia's
`compute_ir_line_annotations` computes it."""
from __future__ import annotations

from jlir.geometry.lineinfo import line_annotations
from jlir.ir.function import LineInfo


def test_line_annotations_follow_julias_documented_example():
    # Julia's compute_ir_line_annotations docstring: `h() = g(); g() = f()`, f calling a leaf three times,
    # all inlined into a top-level function:
    #   1 1 ─      :(Main.leaf_function)()::Any   │╻╷╷ h
    #     │        :(Main.leaf_function)()::Any   ││┃│  g
    #     │   %3 = :(Main.leaf_function)()::Any   │││┃   f
    table = (LineInfo("top.jl", 1, "top_function"), LineInfo("h.jl", 1, "h", 1), LineInfo("g.jl", 1, "g", 2),
             LineInfo("f.jl", 2, "f", 3), LineInfo("f.jl", 3, "f", 3), LineInfo("f.jl", 4, "f", 3),
             LineInfo("top.jl", 1, "top_function"))
    anns = line_annotations(table, [4, 5, 6, 7], by_index=True)
    assert [(a.annotation, a.method) for a in anns[:3]] == [("│╻╷╷", " h"), ("││┃│", "  g"), ("│││┃", "   f")]
    assert anns[0].lineno == "1"
