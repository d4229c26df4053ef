"""The differential oracle: jlir's analyses and transforms against Julia's own, on every display Julia prints.

Julia's side (`scripts/check/oracle.jl`) prints each method instance in every form and records what Julia computes
from the same code (`inflate_ir`'s CFG, `construct_domtree`, `verify_ir`, what `slot2reg` computes before φ
placement, `compact!` of each pipeline stage, slot2reg + compact!, `adce_pass!`, and what a call of an
instance of bits arguments returned).  Here each print is read and jlir's answer compared
(`run.check_record`; the interpreter runs the calls, `interp`), and the outcomes counted (`tally.Tally`).
`scripts/check/oracle.py` drives both; `tests/oracle/` runs the same code on committed records.
"""
from __future__ import annotations

from jlir.oracle.checks import RULES, Outcome
from jlir.oracle.run import check_record
from jlir.oracle.tally import Tally

__all__ = ["RULES", "Outcome", "Tally", "check_record", "tally_records"]


def tally_records(records, keep: int = 3, callees=None, log: bool = False) -> Tally:
    """A `Tally` of every check of every record (an iterable of dicts from `scripts/check/oracle.jl`); `callees`, a
    provider of callee IR, adds the interpreter row; `log` keeps every outcome but equal (`Tally.log`)."""
    from jlir import analysis
    t = Tally(keep=keep, log=[] if log else None)
    for record in records:
        t.functions += 1
        name = record.get("target", "?") if "file" not in record else f"{record['file']} {record.get('target', '?')}"
        source = record.get("source") or ("fixture cases" if "case" in record else "Base")
        t.sources[source][("instances", "")] += 1
        for check, form, outcome in check_record(record, callees):
            t.add(check, form, outcome, name, source)
        analysis.clear()
    return t
