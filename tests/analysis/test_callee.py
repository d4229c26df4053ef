"""One reading of a call's callee (`jlir.analysis.callee`) for purity, the stability report and the interpreter.

The three used to differ on a callee Julia prints in parentheses, `(Core.Intrinsics.add_int)(%2, %6)`:
purity read it as the intrinsic, the stability report as an unknown (dynamic) call, the interpreter refused
it.  Julia 1.12+ labels such a call `builtin`/`intrinsic` in its own print, so purity's reading was right;
these tests hold every layer to it on real dumps.
"""
from __future__ import annotations

import dataclasses

import pytest

import jlir
from conftest import CORPUS, FIXTURES
from jlir.analysis import stability
from jlir.analysis.type_stability import _is_dynamic, _scan
from jlir.lattice.concrete import is_builtin_callee
from jlir.interp import run
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.analysis.callee import Callee, callee_name
from jlir.edit.purity import is_pure_call


def _functions(name: str) -> list:
    return jlir.functions(jlir.parse((CORPUS / name).read_text(encoding="utf-8")))


def _calls(f) -> list:
    return [s for s in f.stmts if type(s.node) is N.Expr and s.node.head == "call"]


# Dumps whose calls print a function value in parentheses (1.2 typed, 1.10/1.11 IRCode, 1.12+ labelled).
PARENTHESIZED = ("0012.txt", "0017.txt", "0056.txt", "0079.txt", "0081.txt", "0186.txt")


def test_each_printed_callee_form_names_its_function():
    """GlobalRef, infix operator, parenthesized value and bare constant each give (module, name); values none."""
    add = _calls(_functions("0017.txt")[0])[-1].node  # %7 = (Core.Intrinsics.add_int)(%2, %6)
    assert type(add.args[0]) is T.TypeName
    assert callee_name(add.args[0]) == Callee("Core.Intrinsics", "add_int")
    assert callee_name(add.args[0]).text == "Core.Intrinsics.add_int"
    slt = _calls(_functions("0017.txt")[0])[0].node  # %4 = Base.slt_int(%3, _2)
    assert callee_name(slt.args[0]) == Callee("Base", "slt_int")
    assert callee_name(slt.args[2]) is None  # `_2`: a numbered slot is a variable
    assert callee_name(add.args[1]) is None  # `%2`: an SSA value
    ryu = (FIXTURES / "julia-1.5.3" / "base_ryu.typed.txt").read_text(encoding="utf-8")
    nodes = [s.node for f in jlir.functions(jlir.parse(ryu)) for s in _calls(f)]
    named = {callee_name(n.args[0]) for n in nodes}
    assert Callee(None, "isa") in named  # `(isa)(%133, Nothing)`: a bare constant read like a slot
    assert Callee(None, "===") in named  # `(%15 === %6)`: infix, its module dropped
    assert Callee("Base", "not_int") in named


def _labelled_builtin_calls() -> list[tuple[str, object, dict]]:
    """Every call a 1.12+ dump labels `builtin`/`intrinsic`, whose printed name Julia 1.5.3's table lists."""
    out = []
    for path in sorted(CORPUS.glob("*.txt")):
        try:
            fns = jlir.functions(jlir.parse(path.read_text(encoding="utf-8")))
        except jlir.JlirError:
            continue
        for f in fns:
            defs = {sid: s for _, sid, s in _scan(f.stmts)[0]}
            for s in _calls(f):
                named = callee_name(s.node.args[0])
                if s.label in ("builtin", "intrinsic") and named is not None and is_builtin_callee(named.text):
                    out.append((path.name, s, defs))
    return out


def test_stability_judges_no_call_julia_labels_builtin_as_dynamic():
    """Julia 1.12+'s own call labels, the label hidden: `(Core.Intrinsics.llvmcall)(…)` was taken as dynamic."""
    calls = _labelled_builtin_calls()
    assert len(calls) >= 39
    assert any(type(s.node.args[0]) is T.TypeName for _, s, _ in calls)
    wrong = [(name, str(s)) for name, s, defs in calls if _is_dynamic(dataclasses.replace(s, label=None), defs)]
    assert wrong == []


@pytest.mark.parametrize("name", ["0017.txt", "0079.txt", "0081.txt", "0186.txt"])
def test_stability_report_lists_no_parenthesized_intrinsic_as_a_dynamic_call(name):
    for f in _functions(name):
        dynamic = [c.callee for c in stability(f).dynamic_calls]
        assert not [c for c in dynamic if "_int" in c], dynamic


def test_purity_keeps_reading_parenthesized_intrinsics_as_pure():
    add = _calls(_functions("0017.txt")[0])[-1].node
    mul, _, tup = (s.node for s in _calls(_functions("0186.txt")[0]))
    assert is_pure_call(add) and is_pure_call(mul)
    assert not is_pure_call(tup)  # `(Zygote.tuple)`: printed under a module that is not the builtin's home


def test_interpreter_runs_a_parenthesized_intrinsic_as_julia_does():
    """0017 is 1.10 IRCode; Julia 1.5.3's `code_typed` of `foo(n) = (s = 1; i = 0; while i < n; i += 1;
    s += i; end; s)` is the same code with `Base.add_int` for the parenthesized callee, and gives
    foo.((0, 1, 3, 10)) == (1, 2, 7, 56)."""
    f = _functions("0017.txt")[0]
    assert [run(f, (n,)).value for n in (0, 1, 3, 10)] == [1, 2, 7, 56]
