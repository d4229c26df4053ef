"""Julia's operators as its parser knows them, not as Base's prints happen to show them.

`tests/data/oracle/julia-operators-1.5.3.jsonl.gz`: two oracle records of Julia 1.5.3 of the standard library Pkg
(`oracle.py --module Pkg --tests`, session 4): `Pkg.Types.:≲(::VersionNumber, ::VersionBound)`, whose signature
names the operator, and `in(::VersionNumber, ::VersionRange)`, whose lowered print calls it infix (`%1 ≲ v`).  A
table learned from Base had no `≲`: the first record's signature stopped the oracle's worker, the second's print
was refused."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir.ir import nodes as N
from jlir.oracle import check_record
from jlir.semantics import julia_operators as J
from jlir.semantics.operators import PRECEDENCE, PREC_COMPARISON, UNARY_OPS

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "julia-operators-1.5.3.jsonl.gz"


def _records():
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_an_operator_only_a_package_uses_reads_infix_and_prints_back():
    lowered = _records()[1]["lowered"]
    fn = jlir.functions(jlir.parse(lowered))[0]
    calls = [s.node for s in fn.stmts if type(s.node) is N.Expr and s.node.args and
             getattr(s.node.args[0], "name", None) == "≲"]
    assert len(calls) == 2 and all(len(c.args) == 3 for c in calls)
    assert jlir.format(jlir.parse(lowered)) == lowered


def test_an_instance_whose_signature_names_the_operator_is_checked_without_a_crash():
    outcomes = list(check_record(_records()[0]))
    assert outcomes and not [o for _, _, o in outcomes if o.verdict == "wrong"]


def test_every_comparison_operator_of_julias_parser_is_one_of_the_readers():
    assert J.JULIA_VERSION == "1.5.3"
    assert all(PRECEDENCE[op] == PREC_COMPARISON for op in J.PRECEDENCE[7].split())
    # the printer's unary operators are show.jl's `uni_ops`, a subset of the parser's
    assert UNARY_OPS <= set(J.UNARY.split()) | {"<:", ">:"}


def test_an_unreadable_signature_leaves_the_types_unsaid_and_every_check_runs():
    record = dict(_records()[0], target="Tuple{typeof(Pkg.Types.:(≲ ≲)),VersionNumber}")
    outcomes = list(check_record(record))
    assert outcomes and not [o for _, _, o in outcomes if o.verdict == "wrong"]
