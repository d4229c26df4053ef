"""`jlir loops FILE… [--json]`: natural loops per function: header, body blocks, back edges, nesting depth."""
from __future__ import annotations

import json

from jlir import analysis as A
from jlir.cli.output import EXIT_OK
from jlir.cli.units import add_inputs, run_each


def register(sub) -> None:
    sp = sub.add_parser("loops", help="natural loops: header, body blocks, back edges, nesting depth",
                        description="The natural loops of each function (back edges: an edge into a block that "
                                    "dominates its source), innermost nesting shown by depth and parent.")
    add_inputs(sp)
    sp.add_argument("--json", action="store_true", help="one JSON object per function")
    sp.set_defaults(func=run)


def _blocks(bs) -> str:
    return ", ".join(f"#{b}" for b in bs)


def text(fn) -> str:
    forest = A.loops(fn)
    n = len(forest.loops)
    lines = [f"{n} natural loop{'s' * (n != 1)}"]
    for lp in forest.loops:
        back = ", ".join(f"#{a} → #{h}" for a, h in lp.back_edges)
        outer = f", inside the loop at #{lp.parent}" if lp.parent else ""
        lines.append(f"  loop at #{lp.header}: depth {lp.depth}{outer}; back edges {back}; "
                     f"blocks {_blocks(lp.blocks)}")
    if forest.irreducible:
        edges = ", ".join(f"#{a} → #{b}" for a, b in forest.irreducible)
        lines.append(f"  irreducible: retreating edges into blocks that do not dominate their source: {edges}")
    return "\n".join(lines) + "\n"


def to_json(unit) -> dict:
    forest = A.loops(unit.function)
    return {"source": unit.source, "function": unit.index,
            "loops": [{"header": lp.header, "blocks": list(lp.blocks), "back_edges": [list(e) for e in lp.back_edges],
                       "depth": lp.depth, "parent": lp.parent} for lp in forest.loops],
            "irreducible": [list(e) for e in forest.irreducible]}


def run(args) -> int:
    def answer(unit):
        if args.json:
            return json.dumps(to_json(unit), ensure_ascii=False) + "\n", EXIT_OK
        return text(unit.function), EXIT_OK
    return run_each(args, "finding the loops of", answer, "json" if args.json else "text")
