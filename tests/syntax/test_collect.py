"""Many dumps: one unreadable dump no longer loses the others (errors="collect", the CLI's default), and the
progress helper draws only on a terminal."""
from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

import jlir
from jlir.cli.progress import Progress
from jlir.ir.function import Unreadable
from jlir.printer.forms import UnreadableDump
from jlir.syntax.errors import ParseError

from support.cli import run_jlir

DATA = Path(__file__).resolve().parents[1] / "data" / "color-1.5.3"
TYPED = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", (DATA / "typed.ansi.txt").read_text("utf-8"))
WARNTYPE = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", (DATA / "warntype.ansi.txt").read_text("utf-8"))
BAD = TYPED.replace("Base.slt_int(10, %27)", "Base.slt_int(10, %27")
MANY = TYPED + "\n" + BAD + "\n" + WARNTYPE


def test_collect_keeps_every_readable_dump_and_locates_the_bad_one():
    doc = jlir.parse(MANY, "many.txt", errors="collect")
    kinds = [type(x).__name__ for x in doc.items]
    assert kinds == ["Function", "Unreadable", "Function", "Function", "Function"]
    (e,) = doc.errors
    assert e.file == "many.txt" and MANY.split("\n")[e.line - 1].startswith("│    %28 = Base.slt_int(10, %27::")


def test_strict_reading_still_raises():
    with pytest.raises(ParseError):
        jlir.parse(MANY)


def test_placeholders_are_refused_or_printed_as_asked():
    doc = jlir.parse(MANY, errors="collect")
    with pytest.raises(UnreadableDump):
        jlir.format(doc)
    assert jlir.format(doc, unreadable="verbatim") == MANY
    assert jlir.format(doc, unreadable="drop") == TYPED + "\n" + WARNTYPE
    assert jlir.format(doc.readable()) == TYPED + "\n" + WARNTYPE


def test_a_bad_first_dump_keeps_the_rest():
    doc = jlir.parse(BAD + "\n" + WARNTYPE, errors="collect")
    assert type(doc.items[0]) is Unreadable and len(doc.items) == 4
    assert jlir.format(doc.readable()) == WARNTYPE


def _jlir(*args):
    return run_jlir(*args, cwd=os.getcwd())


def test_cli_reports_each_bad_dump_processes_the_rest_and_exits_2(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text(MANY + "\n" + BAD, encoding="utf-8")
    out = _jlir("print", str(path))
    assert out.returncode == 2
    assert out.stdout.decode().rstrip("\n") == (TYPED + "\n" + WARNTYPE).rstrip("\n")
    assert out.stderr.decode().count("error: a closing `)` is missing") == 2
    summary = _jlir("parse", str(path))
    assert summary.returncode == 2 and b"unreadable" in summary.stdout
    rt = _jlir("roundtrip", str(path))
    assert rt.returncode == 2 and b"0 passed, 1 failed" in rt.stdout


def test_cli_fail_fast_stops_at_the_first_bad_dump(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text(MANY, encoding="utf-8")
    out = _jlir("print", "--fail-fast", str(path))
    assert out.returncode == 2 and out.stdout == b""


def test_progress_draws_and_erases_on_a_terminal():
    s = io.StringIO()
    with Progress(2, "parse", stream=s, enabled=True, interval=0) as bar:
        bar.advance("a.txt")
        bar.message("a.txt:1:1: error: x")
        bar.advance("b.txt")
    out = s.getvalue()
    assert "parse [" in out and "2/2 b.txt" in out and "a.txt:1:1: error: x\n" in out
    assert out.endswith("\r\x1b[K")


def test_progress_is_silent_when_not_a_terminal(monkeypatch):
    monkeypatch.delenv("JLIR_PROGRESS", raising=False)
    s = io.StringIO()
    with Progress(3, "parse", stream=s) as bar:
        for _ in range(3):
            bar.advance("x")
    assert s.getvalue() == ""


def test_json_refuses_placeholders_and_takes_the_readable_part():
    from jlir.json import UnreadableInJSON
    doc = jlir.parse(MANY, errors="collect")
    with pytest.raises(UnreadableInJSON, match="readable"):
        jlir.to_json(doc)
    assert jlir.format(jlir.from_json(jlir.to_json(doc.readable()))) == jlir.format(doc.readable())


def test_reading_reports_progress_per_dump():
    from jlir.syntax.reading import read_document
    seen = []
    doc = read_document(MANY, "many.txt", errors="collect", on_dump=lambda done, total: seen.append((done, total)))
    assert len(seen) == len(doc.items)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and all(t == MANY.count("\n") + 1 for _, t in seen)


def test_counter_names_its_unit():
    s = io.StringIO()
    with Progress(None, "reading big.txt", stream=s, enabled=True, interval=0, unit="lines") as bar:
        bar.advance(by=120)
    assert "reading big.txt: 120 lines" in s.getvalue()


def test_each_collected_error_names_its_true_cause_at_its_own_line():
    text = TYPED + "\n" + TYPED.replace("::Bool\n", "::Bool \n", 1)
    doc = jlir.parse(text, "two.txt", errors="collect")
    (e,) = doc.errors
    assert e.line == TYPED.count("\n") + 3 and "trailing blank" in e.message
    assert "hint: the text has trailing blanks; --lenient reads it" in e.render()


def test_lenient_collect_repairs_what_it_can_and_keeps_the_rest():
    # (BAD's lost `)` is a repair lenient reading makes: a missing comma is none)
    text = "julia> @code_typed g(1)\n" + TYPED + "\n" + TYPED.replace("Base.slt_int(10, %27)", "Base.slt_int(10 %27)")
    import warnings
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        doc = jlir.parse(text, "t.txt", lenient=True, errors="collect")
    assert [type(x).__name__ for x in doc.items] == ["Function", "Unreadable"]
    (e,) = doc.errors
    assert text.split("\n")[e.line - 1].startswith("│    %28 = Base.slt_int(10 %27)::")


def test_labels_stay_with_their_dumps_around_an_unreadable_one():
    text = "# f(1) — typed\n" + TYPED + "\n# g(1) — typed\n" + BAD + "\n# h(1) — typed\n" + TYPED
    doc = jlir.parse(text, errors="collect")
    assert doc.labels == ("f(1) — typed", "g(1) — typed", "h(1) — typed")
    assert jlir.format(doc, unreadable="verbatim") == text
    assert jlir.format(doc.readable()) == "# f(1) — typed\n" + TYPED + "\n# h(1) — typed\n" + TYPED
