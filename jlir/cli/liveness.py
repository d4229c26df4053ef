"""`jlir liveness FILE… [--json]`: live-in and live-out SSA values (and slots) per block of each function.

SSA values are Julia's `%n`; slots (`_2`, `x`, `x@_3`) are shown as Julia
prints them, and only when the function has slot assignments (lowered or
unoptimized code), where they are the variables that carry values.
"""
from __future__ import annotations

import json

from jlir import analysis as A
from jlir.cli.output import EXIT_OK
from jlir.cli.units import add_inputs, run_each
from jlir.printer.exprs import ExprPrinter


def register(sub) -> None:
    sp = sub.add_parser("liveness", help="live-in / live-out SSA values (and slots) per block",
                        description="Per block, the SSA values (and slots, for code that assigns them) live "
                                    "on entry and on exit.")
    add_inputs(sp)
    sp.add_argument("--json", action="store_true", help="one JSON object per function")
    sp.set_defaults(func=run)


def _ssa(ids) -> list[str]:
    return [f"%{i}" for i in sorted(ids)]


def _slots(slots) -> list[str]:
    return sorted((ExprPrinter.slot(s) for s in slots), key=lambda t: (len(t), t))


def _slot_facts(fn):
    """Slot liveness when the function assigns slots (lowered, unoptimized code), else None."""
    sl = A.slot_liveness(fn)
    return sl if any(sl.live_in) or any(sl.live_out) else None


def text(fn) -> str:
    lv, sl = A.liveness(fn), _slot_facts(fn)
    lines = []
    for b in range(1, len(lv.live_in) + 1):
        lines.append(f"#{b}: in {{{', '.join(_ssa(lv.live_in[b - 1]))}}}  out {{{', '.join(_ssa(lv.live_out[b - 1]))}}}")
        if sl is not None:
            lines.append(f"    slots in {{{', '.join(_slots(sl.live_in[b - 1]))}}}  "
                         f"out {{{', '.join(_slots(sl.live_out[b - 1]))}}}")
    return "\n".join(lines) + "\n"


def to_json(unit) -> dict:
    fn = unit.function
    lv, sl = A.liveness(fn), _slot_facts(fn)
    blocks = []
    for b in range(len(lv.live_in)):
        row = {"block": b + 1, "live_in": sorted(lv.live_in[b]), "live_out": sorted(lv.live_out[b])}
        if sl is not None:
            row["slots_in"], row["slots_out"] = _slots(sl.live_in[b]), _slots(sl.live_out[b])
        blocks.append(row)
    return {"source": unit.source, "function": unit.index, "blocks": blocks}


def run(args) -> int:
    def answer(unit):
        if args.json:
            return json.dumps(to_json(unit), ensure_ascii=False) + "\n", EXIT_OK
        return text(unit.function), EXIT_OK
    return run_each(args, "computing liveness of", answer, "json" if args.json else "text")
