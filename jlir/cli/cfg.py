"""`jlir cfg FILE… [--format julia|json|dot|mermaid] [--julia V]`: the control-flow graph of each function.

`julia` prints what Julia prints for `ir.cfg` (`1\\t=>\\t2, 3` up to 1.8,
`CFG with N blocks:` from 1.9) in the dump's own style, or in Julia `V`'s
with `--julia V` (a dump's text does not always pin its Julia version down).
"""
from __future__ import annotations

import json

import jlir
from jlir import analysis as A
from jlir.cli.output import EXIT_OK
from jlir.cli.units import add_inputs, run_each
from jlir.ir.function import CFGListing
from jlir.ir.style import Style


def register(sub) -> None:
    sp = sub.add_parser("cfg", help="the control-flow graph: as Julia prints ir.cfg, JSON, DOT or Mermaid",
                        description="Each function's CFG: blocks (Julia's numbers), statement ranges, successors.")
    add_inputs(sp)
    sp.add_argument("--format", choices=("julia", "json", "dot", "mermaid"), default="julia",
                    help="julia: Julia's own `ir.cfg` print (default); json: blocks with stmts, preds, succs; "
                         "dot: Graphviz; mermaid: a Mermaid flowchart")
    sp.add_argument("--julia", metavar="VERSION", default=None,
                    help="print the julia format as Julia VERSION does (e.g. 1.10), not in the dump's own style")
    sp.set_defaults(func=run)


def julia_listing(fn, style: Style | None = None) -> str:
    """`ir.cfg` as Julia prints it (no final newline), in `style` or the function's own."""
    cfg = A.cfg(fn)
    return jlir.format(CFGListing(style or fn.style, tuple((b.first, b.last, b.succs) for b in cfg.blocks)))


def run(args) -> int:
    style = Style.for_version(args.julia) if args.julia else None

    def answer(unit):
        fn = unit.function
        if args.format == "json":
            data = {"source": unit.source, "function": unit.index, **A.cfg(fn).to_json()}
            return json.dumps(data, ensure_ascii=False) + "\n", EXIT_OK
        if args.format == "dot":
            return A.to_dot(fn), EXIT_OK
        if args.format == "mermaid":
            return A.to_mermaid(fn), EXIT_OK
        return julia_listing(fn, style) + "\n", EXIT_OK
    return run_each(args, "drawing the CFG of", answer, args.format)
