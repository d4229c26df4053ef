"""`jlir cfg FILE… [--format julia|json|dot|mermaid] [--julia V] [--after STAGE]`: each function's CFG.

`julia` prints what Julia prints for `ir.cfg` (`1\\t=>\\t2, 3` up to 1.8,
`CFG with N blocks:` from 1.9) in the dump's own style, or in Julia `V`'s
with `--julia V` (a dump's text does not always pin its Julia version down).  `--after inlining|type_lift` lists
the successors of a print made after that 1.5 optimizer stage as that `ir.cfg` holds them
(`jlir.analysis.inlined_order`): the print does not say it is one.
"""
from __future__ import annotations

import json

import jlir
from jlir import analysis as A
from jlir.cli.output import EXIT_OK
from jlir.cli.units import add_inputs, run_each
from jlir.ir.function import CFGListing
from jlir.analysis.inlined_order import inlining_order
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
    sp.add_argument("--after", choices=("inlining", "type_lift"), default=None, metavar="STAGE",
                    help="the print is 1.5's IRCode after this optimizer stage (inlining, or type_lift: compact! "
                         "ran since), whose ir.cfg the inliner built: list a union split's successors so (case first)")
    sp.set_defaults(func=run)


def julia_listing(fn, style: Style | None = None, cfg=None) -> str:
    """`ir.cfg` as Julia prints it (no final newline), in `style` or the function's own."""
    cfg = cfg or A.cfg(fn)
    return jlir.format(CFGListing(style or fn.style, tuple((b.first, b.last, b.succs) for b in cfg.blocks)))


def _cfg(fn, after: str | None):
    """The CFG of `fn`; after inlining, with a union split's successors in the inliner's order (the edges, and
    so every analysis, are the same)."""
    if after is None:
        return A.cfg(fn)
    return inlining_order(fn, A.cfg(fn), compacted=after == "type_lift")


def run(args) -> int:
    style = Style.for_version(args.julia) if args.julia else None

    def answer(unit):
        fn = unit.function
        if args.format == "json":
            data = {"source": unit.source, "function": unit.index, **_cfg(fn, args.after).to_json()}
            return json.dumps(data, ensure_ascii=False) + "\n", EXIT_OK
        if args.format in ("dot", "mermaid"):
            from jlir.html import render  # the pictures, loaded only for them
            return (render.to_dot if args.format == "dot" else render.to_mermaid)(fn), EXIT_OK
        return julia_listing(fn, style, _cfg(fn, args.after)) + "\n", EXIT_OK
    return run_each(args, "drawing the CFG of", answer, args.format)
