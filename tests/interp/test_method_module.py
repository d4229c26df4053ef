"""A bare operator call is the method's module's binding (lowering resolves names there; 1.5.3's `show_unquoted`
prints an operator call's `GlobalRef` head by its name alone): in Main's code `x => y` is Base's `Pair`, in
Core.Compiler's its own `=>` (Core.Compiler's `pair.jl` defines its own `Pair`), which the run refuses by name
rather than build Base's.  Records are Julia 1.5.3's (tests/data/interp/unchosen/README.md)."""
from __future__ import annotations

import json
from pathlib import Path

import jlir
from jlir.interp import run
from jlir.interp.builtin import BaseProvider
from jlir.oracle.interp import Chain, RecordCallees, argument, check_interp
from jlir.semantics.base_globals import bare_call_module, method_module
from jlir.semantics.values import NotInterpretable

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "unchosen"


def _records(name: str) -> list:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


def test_a_bare_pair_in_mains_lowered_code_is_bases_pair_and_gives_julias_answer():
    records = _records("probe-pair.jsonl")
    for form in ("lowered", "unoptimized"):
        outcomes = check_interp(records[0], Chain(RecordCallees(records), BaseProvider()), form)
        assert [o.verdict for o in outcomes] == ["equal", "equal"], (form, outcomes)


def test_a_bare_pair_in_core_compilers_code_is_its_own_never_bases():
    records = _records("core-compiler-318.jsonl")
    closure = next(r for r in records if "318" in r["target"])
    provider = Chain(RecordCallees(records), BaseProvider())
    for form in ("lowered", "unoptimized"):
        outcomes = check_interp(closure, provider, form)
        assert [o.verdict for o in outcomes] == ["refused"] * 3, outcomes
        assert all("Core.Compiler.=>" in o.detail for o in outcomes), outcomes


def test_the_same_print_run_as_mains_code_builds_bases_pair():
    """The module decides, not the print: run as Main's code (no module given), `idx => %1` is Base's Pair."""
    records = _records("core-compiler-318.jsonl")
    closure = next(r for r in records if "318" in r["target"])
    fn = jlir.functions(jlir.parse(closure["lowered"]))[0]
    got = run(fn, [argument(closure["interp"]["runs"][0]["args"][0])], RecordCallees(records),
              argnames=closure["argnames"])
    assert got.outcome == ("value", "Pair{Int64,Array{Any,1}}", "2 => Any[]")
    try:
        run(fn, [2], RecordCallees(records), argnames=closure["argnames"], module="Core.Compiler")
    except NotInterpretable as e:
        assert "Core.Compiler.=>" in str(e)
    else:
        raise AssertionError("Core.Compiler's `=>` ran as Base's")


def test_the_module_of_a_method_and_of_its_bare_operators():
    assert method_module("Core.Compiler.#318") == "Core.Compiler"
    assert method_module("Base.Grisu.-") == "Base.Grisu"
    assert method_module("Main.pairup") == "Main"
    assert bare_call_module("Core.Compiler.Sort") == "Core.Compiler"
    assert bare_call_module("Main") is None and bare_call_module("Base.Math") is None

