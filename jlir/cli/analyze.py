"""`jlir analyze FILE… [--json]`: one report per function: blocks, loops, unreachable code, liveness, type
stability and calls.  Coloured on a terminal (as `@code_warntype` colours types), plain when stdout is not a
terminal or `NO_COLOR` is set; `--json` gives one object per function.
"""
from __future__ import annotations

import json
import os
import sys
from collections import Counter

from jlir import analysis as A
from jlir.cli.output import EXIT_OK
from jlir.cli.units import add_inputs, run_each
from jlir.ir import nodes as N

BOLD, PLAIN = "\x1b[1m", "\x1b[22m"


def register(sub) -> None:
    sp = sub.add_parser("analyze", help="one report: blocks, loops, unreachable code, liveness, stability, calls",
                        description="Everything jlir.analysis knows about each function, in one report.")
    add_inputs(sp)
    sp.add_argument("--json", action="store_true", help="one JSON object per function")
    sp.add_argument("--color", dest="color", action="store_const", const="always", default="auto",
                    help="colour even when stdout is not a terminal (default: only on a terminal, never with NO_COLOR)")
    sp.add_argument("--no-color", dest="color", action="store_const", const="never", help="never colour")
    sp.set_defaults(func=run)


def use_color(stream=None) -> bool:
    """Colour only on a terminal, and never with `NO_COLOR` set to anything non-empty (no-color.org)."""
    stream = sys.stdout if stream is None else stream
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")


def facts(fn) -> dict:
    """The report's facts as plain data (the JSON form, before `source`/`function` are added)."""
    cfg = A.cfg(fn)
    reachable = A.reachable(fn)
    forest = A.loops(fn)
    lv = A.liveness(fn)
    sizes = [len(s) for s in lv.live_in]
    widest = max(range(len(sizes)), key=sizes.__getitem__) + 1 if sizes else None
    unreachable = [b for b in range(1, len(cfg.blocks) + 1) if b not in reachable]
    return {
        "form": fn.form.value, "julia": fn.style.family, "blocks": len(cfg.blocks), "statements": len(fn.positional),
        "edges": sum(len(b.succs) for b in cfg.blocks),
        "loops": [{"header": lp.header, "depth": lp.depth, "blocks": len(lp.blocks)} for lp in forest.loops],
        "irreducible_edges": [list(e) for e in forest.irreducible],
        "unreachable_blocks": unreachable,
        "unreachable_statements": sum(len(cfg.block(b).stmts) for b in unreachable),
        "liveness": {"max_live_in": max(sizes, default=0), "at_block": widest,
                     "values_live_across_blocks": len(set().union(*lv.live_in)) if sizes else 0},
        "calls": calls(fn),
        "stability": A.stability(fn).to_json(),
        "problems": [{"stmt": d.stmt, "block": d.block, "kind": d.kind, "severity": d.severity,
                      "message": d.message} for d in A.verify(fn)],
    }


def calls(fn) -> dict:
    """Call statements by kind (`invoke`, `call`, `foreigncall`, …), and how many dispatch dynamically."""
    kinds = Counter(s.node.head for s in fn.positional if type(s.node) is N.Expr
                    and s.node.head in ("call", "invoke", "foreigncall", "new", "splatnew"))
    return {"by_kind": dict(sorted(kinds.items())), "dynamic": len(A.stability(fn).dynamic_calls)}


def _heading(text: str, color: bool) -> str:
    return f"{BOLD}{text}{PLAIN}" if color else text


def text(fn, color: bool) -> str:
    from jlir.analysis.type_stability import render_text
    f = facts(fn)
    out = [_heading(f"{f['form']} function, Julia {f['julia']}: {f['blocks']} blocks, {f['statements']} "
                    f"statements, {f['edges']} edges", color)]
    loops = f["loops"]
    depth = max((lp["depth"] for lp in loops), default=0)
    out.append(f"loops: {len(loops)}" + (f" (deepest nesting {depth}; headers "
                                          + ", ".join(f"#{lp['header']}" for lp in loops) + ")" if loops else ""))
    if f["irreducible_edges"]:
        out.append("irreducible control flow: " + ", ".join(f"#{a} → #{b}" for a, b in f["irreducible_edges"]))
    dead = f["unreachable_blocks"]
    out.append("unreachable code: " + (f"{len(dead)} block(s) ({', '.join(f'#{b}' for b in dead)}), "
                                       f"{f['unreachable_statements']} statement(s)" if dead else "none"))
    live = f["liveness"]
    out.append(f"liveness: SSA values live into one block: at most {live['max_live_in']}"
               + (f" (#{live['at_block']})" if live["at_block"] and live["max_live_in"] else "")
               + f"; live across blocks: {live['values_live_across_blocks']}")
    c = f["calls"]
    kinds = ", ".join(f"{n} {k}" for k, n in c["by_kind"].items()) or "none"
    out.append(f"calls: {kinds}; {c['dynamic']} dynamic")
    out.append(f"verifier: {len(f['problems'])} problem(s)" if f["problems"] else "verifier: valid")
    out.extend(f"  {p['severity']}: {p['message']} [{p['kind']}]" for p in f["problems"])
    return "\n".join(out) + "\n" + render_text(A.stability(fn), color)


def run(args) -> int:
    mode = getattr(args, "color", "auto")
    color = use_color() if mode == "auto" else mode == "always"

    def answer(unit):
        if args.json:
            data = {"source": unit.source, "function": unit.index, **facts(unit.function)}
            return json.dumps(data, ensure_ascii=False) + "\n", EXIT_OK
        return text(unit.function, color), EXIT_OK
    return run_each(args, "analysing", answer, "json" if args.json else "text")
