"""Broken input: the CLI exits 2 with a located, readable error (file:line:column, the line, a caret), never a traceback.

Every broken input is derived from a real Julia 1.5.3 dump (cut, edited,
re-encoded), so the tests follow what real damage looks like.
"""
from __future__ import annotations

import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
TYPED = FIXTURES / "early_return.typed.txt"
IRCODE = FIXTURES / "early_return.ircode.txt"
SHARED_CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus"  # the repository's copy

LOCATED = re.compile(r"(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.+)")


def jlir_cli(*args, input: bytes | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return run_jlir(*args, input=input)


# ---------------------------------------------------------------- deriving broken dumps from real ones
def typed_text() -> str:
    return TYPED.read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    """1-based number of the first line containing `needle` (which must occur)."""
    for i, line in enumerate(text.split("\n"), 1):
        if needle in line:
            return i
    raise AssertionError(f"the fixture no longer contains {needle!r}: pick another edit")


def edit(text: str, old: str, new: str) -> tuple[str, int, str]:
    """`text` with the first `old` replaced: (new text, its line number, that line after the edit)."""
    n = line_of(text, old)
    out = text.replace(old, new, 1)
    return out, n, out.split("\n")[n - 1]


@dataclass
class Case:
    data: bytes
    line: int | None = None        # expected line of the error
    shown: str | None = None       # the offending line as the error shows it (None: do not check)
    column: int | None = None      # expected column
    message: str = ""              # regex the message must match
    expected: tuple[str, ...] = () # names that must appear in the `expected:` list or the `note:`


def truncated_mid_line() -> Case:
    text = typed_text()
    cut = text.index("φ (#11 => %28") + len("φ (#11 => %")
    broken = text[:cut]
    n = broken.count("\n") + 1
    return Case(broken.encode(), line=n, shown=broken.split("\n")[-1], message="the text ends inside this row")


def truncated_at_line_end() -> Case:
    lines = typed_text().split("\n")
    broken = "\n".join(lines[:20]) + "\n"
    return Case(broken.encode(), message=r"CodeInfo\(|closing")


def truncated_ircode() -> Case:
    text = IRCODE.read_text(encoding="utf-8")
    cut = text.index("%18 = φ (#4 => false") + len("%18 = φ (#4")
    broken = text[:cut]
    return Case(broken.encode(), line=broken.count("\n") + 1, shown=broken.split("\n")[-1],
                message="the text ends inside this row")


def stray_line() -> Case:
    lines = typed_text().split("\n")
    stray = "┌ Warning: something unrelated was logged here"
    broken = "\n".join(lines[:10] + [stray] + lines[10:])
    return Case(broken.encode(), line=11, shown=stray, column=1)


def unbalanced_missing_close() -> Case:
    broken, n, shown = edit(typed_text(), "Base.sub_int(%5, %6)::UInt64", "Base.sub_int(%5, %6::UInt64")
    return Case(broken.encode(), line=n, shown=shown, message="statement", expected=("')'",))


def unbalanced_extra_close() -> Case:
    broken, n, shown = edit(typed_text(), "Base.sub_int(%5, %6)::UInt64", "Base.sub_int(%5, %6))::UInt64")
    return Case(broken.encode(), line=n, shown=shown, column=shown.index("))") + 2, message="unexpected",
                expected=("extra",))


def bad_box_char_in_block_rail() -> Case:
    broken, n, shown = edit(typed_text(), "5 ──       goto #6", "5 ─╳       goto #6")
    return Case(broken.encode(), line=n, shown=shown, column=shown.index("╳") + 1, message="rail")


def bad_box_char_for_the_bar() -> Case:
    broken, n, shown = edit(typed_text(), "│    %6  = ", "╳    %6  = ")
    return Case(broken.encode(), line=n, shown=shown, column=1, message="rail")


def percent_without_number_in_ssa_column() -> Case:
    broken, n, shown = edit(typed_text(), "%9  = Base.sle_int", "%   = Base.sle_int")
    return Case(broken.encode(), line=n, shown=shown, column=shown.index("%") + 1, message="%N")


def percent_without_number_as_operand() -> Case:
    broken, n, shown = edit(typed_text(), "goto #5 if not %12", "goto #5 if not %")
    return Case(broken.encode(), line=n, shown=shown, column=len(shown), message="statement",
                expected=("an SSA value (%N)",))


def binary_junk() -> Case:
    text = typed_text()
    at = text.index("goto #3 if not %2") + len("goto #3 if not %")
    data = text[:at].encode() + b"\x00\x01\x02\xff\xfe\x89PNG" + text[at:].encode()
    n = text[:at].count("\n") + 1
    col = at - text.rfind("\n", 0, at)
    return Case(data, line=n, column=col, message="binary")


def empty_file() -> Case:
    return Case(b"", line=1, column=1, message="no Julia IR|empty")


def whitespace_only() -> Case:
    return Case(re.sub(r"\S", " ", typed_text()).encode(), line=1, message="no Julia IR|empty|blank")


def invalid_utf8() -> Case:
    text = typed_text()
    n = line_of(text, "φ")
    line = text.split("\n")[n - 1]
    data = text.encode().replace("φ".encode(), b"\xcf", 1)  # the first byte of `φ` alone
    return Case(data, line=n, column=line.index("φ") + 1, shown=line.replace("φ", "\ufffd", 1), message="UTF-8")


def block_out_of_order() -> Case:
    broken, n, shown = edit(typed_text(), "5 ──       goto #6", "7 ──       goto #6")
    return Case(broken.encode(), line=n, shown=shown, column=1, message="block 5")


def misaligned_ssa_column() -> Case:
    broken, n, shown = edit(typed_text(), "│    %9  = Base.sle_int", "│    %9 = Base.sle_int")
    return Case(broken.encode(), line=n, shown=shown, column=shown.index("%") + 1, message="SSA column")


def foreign_pre_07_warntype() -> Case:
    data = (SHARED_CORPUS / "0022.txt").read_bytes()
    return Case(data, line=1, shown=data.decode().split("\n")[0], message="not Julia SSA IR that jlir knows")


def foreign_third_party_printer() -> Case:
    data = (SHARED_CORPUS / "0055.txt").read_bytes()  # StructuredCodeInfo: not Base's IR printer
    return Case(data, line=1, shown=data.decode().split("\n")[0], message="not Julia SSA IR that jlir knows")


CASES = [truncated_mid_line, truncated_at_line_end, truncated_ircode, stray_line, unbalanced_missing_close,
         unbalanced_extra_close, bad_box_char_in_block_rail, bad_box_char_for_the_bar,
         percent_without_number_in_ssa_column, percent_without_number_as_operand, binary_junk, empty_file,
         whitespace_only, invalid_utf8, block_out_of_order, misaligned_ssa_column, foreign_pre_07_warntype,
         foreign_third_party_printer]


def check_rendered(err: str, path: Path, case: Case) -> None:
    """The error names file:line:column, shows the line and puts a caret under the column."""
    assert "Traceback" not in err, err
    lines = err.rstrip("\n").split("\n")
    m = LOCATED.fullmatch(lines[0])
    assert m, f"first line is not `file:line:column: error: …`:\n{err}"
    assert m["file"] == str(path)
    line, col = int(m["line"]), int(m["col"])
    if case.line is not None:
        assert line == case.line, err
    if case.column is not None:
        assert col == case.column, err
    assert re.search(case.message, m["msg"]), err
    assert lines[1].startswith("  ") and len(lines) >= 3, err
    assert lines[2].strip() == "^", err
    if case.shown is not None:
        assert lines[1] == "  " + case.shown, err
        assert lines[2].index("^") == 2 + col - 1, err  # the caret sits under the column
    if case.expected:  # what would have been accepted: the `expected:` list, or a `note:` that says it
        listed = " ".join(l for l in lines[3:] if l.startswith(("  expected: ", "  note: ")))
        for name in case.expected:
            assert name in listed, err


@pytest.mark.parametrize("make", CASES, ids=lambda f: f.__name__)
def test_broken_input_exits_2_with_a_located_error_and_no_traceback(make, tmp_path):
    case = make()
    path = tmp_path / f"{make.__name__}.txt"
    path.write_bytes(case.data)
    r = jlir_cli("parse", str(path))
    assert r.returncode == 2, r.stdout.decode() + r.stderr.decode()
    assert r.stdout == b""
    check_rendered(r.stderr.decode("utf-8"), path, case)


@pytest.mark.parametrize("make", CASES, ids=lambda f: f.__name__)
def test_broken_input_fails_roundtrip_with_the_same_error(make, tmp_path):
    case = make()
    path = tmp_path / f"{make.__name__}.txt"
    path.write_bytes(case.data)
    r = jlir_cli("roundtrip", str(path))
    assert r.returncode == 2  # unreadable input: 2, as for a missing file (README: exit status)
    assert r.stdout.decode("utf-8") == "0 passed, 1 failed\n"
    check_rendered(r.stderr.decode("utf-8"), path, case)
    fast = jlir_cli("roundtrip", "--fail-fast", str(path))
    assert fast.returncode == 2 and fast.stdout == r.stdout


def test_broken_input_on_stdin_is_located_in_stdin():
    case = stray_line()
    r = jlir_cli("print", "-", input=case.data)
    assert r.returncode == 2 and r.stdout == b""
    check_rendered(r.stderr.decode(), Path("<stdin>"), case)


def test_a_50_megabyte_single_line_gives_a_short_error_quickly(tmp_path):
    # A dump whose line breaks were lost (say `\r`-only endings turned to spaces), repeated to 50 MB on one line.
    one_line = " ".join(typed_text().split("\n"))
    data = (one_line * (50_000_000 // len(one_line) + 1)).encode()
    assert len(data) >= 50_000_000 and b"\n" not in data
    path = tmp_path / "huge.txt"
    path.write_bytes(data)
    start = time.monotonic()
    r = jlir_cli("parse", str(path), timeout=60)
    elapsed = time.monotonic() - start
    err = r.stderr.decode("utf-8")
    assert r.returncode == 2 and "Traceback" not in err
    assert len(err) < 2000, f"the rendered error is {len(err)} characters long"
    m = LOCATED.match(err)
    assert m and m["file"] == str(path) and m["line"] == "1"
    assert err.split("\n")[1].endswith("…") and err.split("\n")[2].strip() == "^"
    assert elapsed < 30, f"took {elapsed:.1f}s"


# ---------------------------------------------------------------- inputs that cannot be read at all
def test_missing_file_is_one_line_and_exit_2(tmp_path):
    missing = tmp_path / "nope.txt"
    for verb in ("parse", "print"):
        r = jlir_cli(verb, str(missing))
        assert r.returncode == 2
        assert r.stderr.decode() == f"jlir: error: {missing}: no such file\n"


def test_directory_instead_of_file_is_one_line_and_exit_2(tmp_path):
    r = jlir_cli("parse", str(tmp_path))
    assert r.returncode == 2
    assert r.stderr.decode().count("\n") == 1 and "directory" in r.stderr.decode()


def test_good_files_are_still_handled_after_a_bad_one(tmp_path):
    missing = tmp_path / "nope.txt"
    r = jlir_cli("print", str(missing), str(TYPED))
    assert r.returncode == 2
    assert r.stdout == TYPED.read_bytes()


def test_json_that_is_not_jlir_json_is_refused_with_exit_2(tmp_path):
    j = tmp_path / "other.json"
    j.write_text('{"hello": "world"}\n', encoding="utf-8")
    r = jlir_cli("print", "--from-json", str(j))
    assert r.returncode == 2
    err = r.stderr.decode()
    assert "not jlir JSON" in err and "Traceback" not in err
