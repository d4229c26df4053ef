"""`jlir roundtrip FILE…`: check format(parse(text)) == text, report each file's first differing line."""
from __future__ import annotations

import jlir
from jlir.cli.inputs import add_reading_options, attempt, name, parse, report_unreadable
from jlir.cli.output import EXIT_ERROR, EXIT_FAILED, EXIT_OK, err, write
from jlir.cli.jobs import add_jobs, each_file
from jlir.cli.progress import Progress


def register(sub) -> None:
    rp = sub.add_parser("roundtrip", help="check that each file prints back byte for byte",
                        description="For each file, check format(parse(text)) == text; report the first "
                                    "differing line of each failure and `N passed, M failed`.",
                        epilog="Exit status: 0 every file prints back byte for byte; 1 a file prints back "
                               "differently; 2 a file cannot be read or parsed (missing, empty, not Julia IR).")
    rp.add_argument("files", nargs="+", metavar="FILE", help="a dump file; - for standard input")
    add_reading_options(rp, many=True)
    add_jobs(rp)
    rp.set_defaults(func=run, exit_fast=True)


def _lines_with_ends(text: str) -> list[str]:
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def first_difference(expected: str, got: str) -> tuple[int, str | None, str | None] | None:
    """(1-based line, expected line, printed line) of the first line that differs (None past the end)."""
    a, b = _lines_with_ends(expected), _lines_with_ends(got)
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            return i + 1, x, y
    return None


def _shorten(line: str | None) -> str:
    if line is None:
        return "end of text"
    r = repr(line)
    return r if len(r) <= 300 else r[:297] + "..."


def _parse_and_print(path: str, args, say=err) -> tuple[str, str, int]:
    """(the text, its reprint, unreadable dumps): with --lenient the reprint is compared with the text as it
    would be without the repairs lenient reading reported; unreadable dumps reprint as they were read."""
    text, doc = parse(path, lenient=args.lenient, errors="raise" if args.fail_fast else "collect")
    bad = report_unreadable(doc, say)  # on stderr, as a file that cannot be read at all
    return text, (jlir.format(doc, unreadable="verbatim") if bad else jlir.format(doc)), bad


def run(args) -> int:
    """Exit 0 when every file prints back byte for byte, 1 when one prints back differently, 2 when one cannot be
    read or parsed (empty, missing, not Julia IR, or one unreadable dump among readable ones): the same 2 as
    every verb gives unreadable input."""
    with Progress(len(args.files), "roundtrip", enabled=None if len(args.files) > 1 else False) as bar:
        return _run(args, bar)


def _one(path: str, args, say) -> tuple[bool, bool]:
    """(passed, unreadable) for one file; its first difference written, its errors said."""
    result, problem = attempt(path, "parsing and printing", lambda: _parse_and_print(path, args, say))
    if problem:
        say(problem[1])
        return False, True
    text, got, bad = result
    if got == text and not bad:
        return True, False
    if got != text:  # unreadable dumps were reported with their locations; the readable ones are still compared
        line, x, y = first_difference(text, got)
        write(f"{name(path)}:{line}: differs: expected {_shorten(x)}, got {_shorten(y)}\n")
    return False, bool(bad)


def _run(args, bar) -> int:
    passed = failed = 0
    unreadable = False
    for path, (ok, bad) in each_file(args, args.files, lambda p, say: _one(p, args, say), bar.message):
        bar.advance(name(path))
        passed += ok
        failed += not ok
        unreadable |= bad
    write(f"{passed} passed, {failed} failed\n")
    if unreadable:
        return EXIT_ERROR
    return EXIT_FAILED if failed else EXIT_OK
