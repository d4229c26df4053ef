"""Colour: a coloured dump reads as its plain text and prints back byte for byte; a plain dump is coloured
exactly as Julia 1.5.3 colours it (goldens: tests/data/color-1.5.3, Julia's own `--color=yes` output)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import jlir
from jlir.ir.color import Colors
from jlir.syntax.document import ansi

from support.cli import run_jlir

DATA = Path(__file__).resolve().parents[2] / "data" / "color-1.5.3"
GOLDENS = sorted(DATA.glob("*.ansi.txt"))
_ESC = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _plain(text: str) -> str:
    """What a terminal shows: escapes gone, rows drawn with cursor moves as they appear (IRCode's gutter)."""
    return ansi.split(text)[0]


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.name)
def test_coloured_julia_output_prints_back_byte_for_byte(golden):
    text = golden.read_text(encoding="utf-8")
    doc = jlir.parse(text)
    assert any(c is not None for c in doc.colors)
    assert jlir.format(doc) == text


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.name)
def test_plain_dump_coloured_as_julia_colours_it(golden, tmp_path):
    text = golden.read_text(encoding="utf-8")
    plain = tmp_path / "plain.txt"
    plain.write_text(_plain(text), encoding="utf-8")
    out = run_jlir("print", "--color", str(plain))
    assert out.returncode == 0, out.stderr
    assert out.stdout.decode("utf-8") == text


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.name)
def test_no_color_prints_the_plain_text(golden, tmp_path):
    path = tmp_path / "coloured.txt"
    path.write_bytes(golden.read_bytes())
    out = run_jlir("print", "--no-color", str(path))
    assert out.stdout.decode("utf-8") == _plain(golden.read_text(encoding="utf-8"))


def test_ircode_gutter_rows_read_as_the_terminal_showed_them():
    text = (DATA / "ircode.ansi.txt").read_text(encoding="utf-8")
    doc = jlir.parse(text)
    assert [f.display.screen.capture for f in doc.items] == ["screen", "screen"]
    assert all(f.display.screen.width == 80 for f in doc.items)
    assert _ESC.sub("", text) != _plain(text)  # stripping alone would put the gutter first


def test_plain_dump_piped_stays_plain(tmp_path):
    path = tmp_path / "plain.txt"
    path.write_text(_plain((DATA / "typed.ansi.txt").read_text(encoding="utf-8")), encoding="utf-8")
    out = run_jlir("print", str(path))
    assert b"\x1b" not in out.stdout


def test_ircode_gutter_cursor_moves_are_kept_in_place():
    line = "\x1b[90m\x1b[77G│\x1b[1G\x1b[39m\x1b[90m \x1b[39m1 ── %1 = f(x)\x1b[36m::Int64\x1b[39m"
    plain, marks = ansi.split(line)
    assert plain == " 1 ── %1 = f(x)::Int64" + " " * 54 + "│"  # as the terminal shows it: the gutter at column 77
    assert Colors(tuple(marks)).paint(plain) == line
    assert Colors(tuple(marks)).paint(plain.replace("f(x)", "g(x)")) == plain.replace("f(x)", "g(x)")  # edited: plain


def test_split_keeps_codes_at_line_ends_and_runs_together():
    text = "a\x1b[36m::T\x1b[39m\nb\x1b[0m"
    plain, marks = ansi.split(text)
    assert plain == "a::T\nb"
    assert marks == [(0, 1, "\x1b[36m"), (0, 4, "\x1b[39m"), (1, 1, "\x1b[0m")]
    assert Colors(tuple(marks)).paint(plain) == text


def test_analyze_color_flag_colours_even_when_piped(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text(_plain((DATA / "warntype.ansi.txt").read_text(encoding="utf-8")), encoding="utf-8")
    piped = run_jlir("analyze", str(path))
    forced = run_jlir("analyze", "--color", str(path))
    assert b"\x1b[" not in piped.stdout
    assert b"\x1b[91m\x1b[1m::Union{Float64, Int64}" in forced.stdout


def test_colours_survive_json_and_plain_json_is_unchanged():
    text = (DATA / "typed.ansi.txt").read_text(encoding="utf-8")
    data = jlir.to_json(jlir.parse(text))
    assert "colors" in data["document"]
    assert jlir.format(jlir.from_json(data)) == text
    assert "colors" not in jlir.to_json(jlir.parse(_plain(text)))["document"]


def test_lenient_repairs_keep_the_colours_on_their_lines():
    import warnings
    golden = (DATA / "typed.ansi.txt").read_text(encoding="utf-8")
    pasted = "julia> @code_typed g(1)\n" + "".join("  " + line + "\n" for line in golden.split("\n")[:-1])
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        doc = jlir.parse(pasted, lenient=True)
    assert jlir.format(doc) == golden


def test_an_edited_line_prints_plain_and_the_others_keep_their_colours():
    text = (DATA / "typed.ansi.txt").read_text(encoding="utf-8")
    colors = jlir.parse(text).colors[0]
    plain = _plain(text).rstrip("\n")
    edited = plain.replace("Base.ifelse(%1, x, 0)", "Base.ifelse(%1, x, 1)")
    painted = colors.paint(edited).split("\n")
    assert painted[2] == edited.split("\n")[2]  # the edited line: no codes in the wrong places
    assert painted[1] == text.split("\n")[1] and painted[3] == text.split("\n")[3]


def test_ircode_rails_are_grey_from_1_6_as_bases_source_draws_them():
    # 1.5.3 `print`s IRCode's rails plain (the golden); 1.6+ prints them through the statement printer it shares
    # with CodeInfo, `printstyled(…; color=bb_color)` with `bb_color=:light_black` (Base's show.jl, 1.6–1.11).
    # No coloured 1.6+ IRCode print was found: this checks the rule as the source states it, not Julia's bytes.
    from jlir.ir.style import Style
    from jlir.printer.color import julia_colors
    from jlir.printer.forms import format_function
    golden = (DATA / "ircode.ansi.txt").read_text(encoding="utf-8")
    f = jlir.parse(_plain(golden)).items[0]
    assert not f.style.ircode_rails_grey  # the text does not show 1.6+: 1.5.3's rules stay
    new = f.replace(style=Style((1, 6), (1, 11)))
    text = format_function(new)
    old_rows = julia_colors(f, format_function(f)).paint(format_function(f)).split("\n")
    new_rows = julia_colors(new, text).paint(text).split("\n")
    assert "\x1b[90m1 ──\x1b[39m " in new_rows[0] and "\x1b[90m1 ──\x1b[39m" not in old_rows[0]
    assert all(r.replace("\x1b[90m", "").replace("\x1b[39m", "") == o.replace("\x1b[90m", "").replace("\x1b[39m", "")
               for r, o in zip(new_rows, old_rows))


def test_static_parameters_are_coloured_as_print_warntype_mi_colours_them():
    # corpus 0127 (a 1.10-era @code_warntype): 1.7+'s `Static Parameters` section; `print_warntype_mi` (Base's
    # InteractiveUtils source) prints a bound value with `printstyled(io, v; color=:cyan)`. No coloured 1.7+
    # warntype print was found: the rule as the source states it, not Julia's bytes.
    from jlir.printer.color import julia_colors
    from jlir.printer.forms import format_function
    path = Path(__file__).resolve().parents[3] / "fixtures" / "corpus" / "0127.txt"
    f = jlir.parse(path.read_text(encoding="utf-8")).items[0]
    text = format_function(f)
    rows = julia_colors(f, text).paint(text).split("\n")
    assert rows[3] == "  N = \x1b[36m1\x1b[39m"
    assert rows[5] == "  #self#\x1b[36m::Core.Const(getindex)\x1b[39m"
    assert rows[0].startswith("MethodInstance for ") and "\x1b" not in rows[0] + rows[1]


def test_print_color_of_a_plain_15_warntype_spells_the_flagged_types_as_julias_coloured_print():
    """Julia 1.5.3 upper-cases a flagged type only where it cannot colour it (`Base.emphasize`): `jlir print --color`
    of its plain print (`UNION{NOTHING, INT64}`) is byte for byte its coloured print (`Union{Nothing, Int64}`,
    yellow), the two real prints of the same three functions."""
    done = run_jlir("print", "--color", DATA / "warntype.plain.txt")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8") == (DATA / "warntype.ansi.txt").read_text(encoding="utf-8")
