"""A catch block's `─`/`┄` is evidence of the IR's CFG: with or without Julia's extra catch edge (IR.catch_entry)."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.analysis import cfg
from jlir.printer.forms import format_function

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "fixtures" / "corpus"
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"


def only(path: Path):
    text = path.read_text(encoding="utf-8")
    doc = jlir.parse(text, path.name)
    return text, doc, doc.items[0]


def test_an_optimizer_ircode_without_the_catch_edge_prints_its_catch_block_plain():
    # corpus 0031 (code_escapes, ~1.8): block 8 is entered only from the `enter` of block 2 and prints `8 ──`
    text, doc, f = only(CORPUS / "0031.txt")
    assert f.catch_entry is False
    assert cfg(f).preds(8) == (2,)
    assert jlir.format(doc) == text


def test_a_codeinfo_print_holds_the_catch_edge_julia_adds():
    # Julia 1.5.3's @code_typed of try_catch: catch blocks #7 and #11 have one other predecessor and print `┄`
    text, doc, f = only(FIXTURES / "try_catch.typed.txt")
    assert f.catch_entry is True
    assert 0 in cfg(f).preds(7) and 0 in cfg(f).preds(11)
    assert "\n7 ┄" in text and "\n11 ┄" in text


def test_the_printer_draws_the_catch_block_from_the_model_not_the_display_kind():
    _, _, f = only(FIXTURES / "try_catch.typed.txt")
    without = format_function(f.replace(catch_entry=False))
    assert "\n7 ──" in without and "\n11 ─" in without
    _, _, g = only(CORPUS / "0031.txt")
    assert "  8 ┄─ " in format_function(g.replace(catch_entry=True))


def test_the_catch_edge_survives_json():
    _, doc, f = only(CORPUS / "0031.txt")
    back = jlir.from_json(jlir.to_json(doc))
    assert back.items[0].catch_entry is False
