"""A document that holds one function object more than once (the reader makes one object of a repeated dump)
is optimised once: each occurrence gets the same result, and the passes' notes are said for each, as if each
had run."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import passes

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def test_a_repeated_function_runs_once_and_each_occurrence_gets_its_result_and_notes(monkeypatch):
    text = (FIX / "arrays.lowered.txt").read_text(encoding="utf-8")
    doc = jlir.parse(text + "\n" + text)
    assert doc.items[0] is doc.items[1]
    calls = []
    real = passes.registry.run
    monkeypatch.setattr(passes.registry, "run", lambda fn, *a, **k: calls.append(fn) or real(fn, *a, **k))
    notes: list = []
    out = passes.run_document(doc, ["dce", "sccp"], notes=notes)
    alone: list = []
    single = real(doc.items[0], ["dce", "sccp"], notes=alone)
    assert len(calls) == 1
    assert out.items[0] is out.items[1] and jlir.format(out.items[0]) == jlir.format(single)
    assert alone and notes == alone + alone
