"""`run_document(…, jobs=N)` (`jlir opt -j N FILE`): a document's functions optimised in N forked processes give
the document, the notes and the first error that one process gives."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import passes

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
NAMES = ["dce", "sccp", "copyprop", "simplify-cfg", "compact"]


@pytest.fixture(scope="module")
def doc():
    texts = [p.read_text(encoding="utf-8") for p in sorted(FIX.glob("*.typed.txt"))[:12]]
    texts.append((FIX / "arrays.lowered.txt").read_text(encoding="utf-8"))  # sccp says it leaves slot form
    return jlir.parse("\n".join(texts))


def test_many_processes_optimise_a_document_as_one_does(doc):
    one, two = [], []
    a = passes.run_document(doc, NAMES, notes=one)
    b = passes.run_document(doc, NAMES, notes=two, jobs=2)
    assert jlir.format(a) == jlir.format(b)
    assert one and one == two


def test_many_processes_raise_the_first_error_in_input_order(doc, monkeypatch):
    fns = jlir.functions(doc)
    bad = {id(fns[4]), id(fns[9])}
    real = passes.registry.run

    def run(fn, *args, **kwargs):  # inherited by the forked workers
        if id(fn) in bad:
            raise passes.PassError(f"refused function at {sorted(bad).index(id(fn))}, {fn.stmts[0]}")
        return real(fn, *args, **kwargs)
    monkeypatch.setattr(passes.registry, "run", run)
    with pytest.raises(passes.PassError) as one:
        passes.run_document(doc, NAMES)
    with pytest.raises(passes.PassError) as two:
        passes.run_document(doc, NAMES, jobs=2)
    assert str(one.value) == str(two.value)
