"""A dump means the same whatever was read before it in the same file: memo tables, templates and the document-wide
style evidence only save work, they never change what a text reads as.  Real dumps of Julia 1.5.3 (regression dumps
and fixtures of several displays), read alone and then after any others, in any order."""
from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import jlir

ROOT = Path(__file__).resolve().parents[1]
while not (ROOT / "pyproject.toml").exists():
    ROOT = ROOT.parent
DATA, FIXTURES = ROOT / "tests" / "data", ROOT / "fixtures" / "julia-1.5.3"
FILES = [DATA / f"base-1.5.3-{n}.txt" for n in (
    "cartesianindex-trailing-comma", "compact-dict", "operator-function-value", "return-unionall",
    "unoptimized-dead-unless", "warntype-unused-typedslot")] + [
    DATA / "julia-1.5.3-tuple-operator-element.txt", DATA / "lowered-1.5.3-closure-thunk.txt",
    DATA / "lowered-1.5.3-method-thunk.txt"] + [FIXTURES / f"{n}.txt" for n in (
        "base_dict.typed", "base_dict.ircode", "base_dict.warntype", "arrays.typed-source", "arrays.lowered-source",
        "arrays.typed-unoptimized", "base_sort.ircode-noline", "abstract_promote.typed-vector")]
TEXTS = [p.read_text("utf-8").rstrip("\n") + "\n" for p in FILES]
ALONE = [jlir.parse(t, str(p)).items for t, p in zip(TEXTS, FILES)]


def test_a_bare_operator_in_a_tuple_constant_reads_and_prints_back():
    # `(Union{}, +)`, Julia 1.5.3's print of a tuple holding the function `+` (a MethodError's arguments)
    text = (DATA / "julia-1.5.3-tuple-operator-element.txt").read_text("utf-8")
    doc = jlir.parse(text)
    assert jlir.format(doc) == text
    assert [sum(str(s.node).count("(Union{}, +)") for s in f.stmts) for f in jlir.functions(doc)] == [1, 1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, len(FILES) - 1), min_size=2, max_size=8))
def test_every_dump_reads_the_same_after_any_others(order):
    text = "\n".join(TEXTS[k] for k in order)
    items = jlir.parse(text, "many.txt").items
    expected = tuple(item for k in order for item in ALONE[k])
    assert len(items) == len(expected)
    for k, (got, alone) in enumerate(zip(items, expected)):
        assert got == alone, f"dump {k + 1} reads otherwise after {[FILES[j].name for j in order]}"
