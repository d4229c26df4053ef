"""The `jlir` command: summarise, print, round-trip and convert Julia IR dumps.

    jlir parse FILE… [--json]       one summary line per function (or the model as JSON)
    jlir print FILE… [--from-json]  the dump printed back from the model (or from `parse --json` output)
    jlir roundtrip FILE…            check that printing the parsed dump gives the file back byte for byte
    jlir diff A B [--json]          structural diff of two prints of the same function(s), e.g. by two
                                    Julia versions: changes modulo SSA and block renumbering, style apart
    jlir fetch TARGET… [--form F]   ask a live Julia for IR (jlir.live), printed as its REPL shows it

`-` is standard input.  Exit status: 0 on success; 1 when `roundtrip` found a
file that does not round-trip (or does not parse), or `diff` found the two
prints different (0: identical or equivalent); 2 for unreadable input
(missing file, binary data, invalid UTF-8, text that is not Julia IR jlir
knows, malformed JSON) — with a located message on stderr, never a traceback.

JSON output (`parse --json`) is one object per input file, each on its own
line (JSON Lines; with one file the output is a single JSON document):
`{"schema": "jlir/1", "source": FILE, "document": …}` — see jlir/ir/schema.md.
`print --from-json` reads such output back: one or more of these objects
(one per line, or concatenated), or a JSON list of them.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import jlir
from jlir.syntax.errors import ParseError, decode_source

EXIT_OK, EXIT_FAILED, EXIT_ERROR = 0, 1, 2


class InputError(Exception):
    """An input that could not be read at all (missing, a directory, no permission): one line, no location."""


def _name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def _read_bytes(path: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a file") from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None


def _read_text(path: str) -> str:
    """The UTF-8 text of a file; ParseError (located) for binary data or invalid UTF-8."""
    return decode_source(_read_bytes(path), _name(path))


def _parse(path: str):
    """(text, Document) of a file; raises InputError or ParseError."""
    text = _read_text(path)
    return text, jlir.parse(text, _name(path))


def _err(message: str) -> None:
    print(message, file=sys.stderr)


def _internal(path: str, what: str, e: BaseException) -> str:
    if isinstance(e, RecursionError):
        return f"{_name(path)}: error: the input nests too deeply to handle ({what})"
    return f"{_name(path)}: error: internal error while {what}: {type(e).__name__}: {e} (this is a jlir bug)"


# ---------------------------------------------------------------- parse
def _summary_rows(doc) -> list[tuple[str, ...]]:
    from jlir.ir.function import CFGListing, Function, VectorDisplay
    from jlir.printer.exprs import ExprPrinter

    def function_row(index: str, f: Function) -> tuple[str, ...]:
        returns = f.return_type
        if returns is None and f.header is not None:
            returns = f.header.body_type
        shown = "-" if returns is None else ExprPrinter(f.style).type(returns)
        return (index, f.form.value, f.style.family, str(len(f.blocks)), str(len(f.stmts)), shown)

    rows = []
    for i, item in enumerate(doc.items, 1):
        if isinstance(item, Function):
            rows.append(function_row(str(i), item))
        elif isinstance(item, CFGListing):
            rows.append((str(i), "cfg", item.style.family, str(len(item.blocks)), "-", "-"))
        elif isinstance(item, VectorDisplay):
            header = item.header + ":" if item.header is not None else "(elements without their header line)"
            rows.append((str(i), "vector", "", "", "", header))
            for j, sub in enumerate(item.items, 1):
                if isinstance(sub, Function):
                    rows.append(function_row(f"{i}.{j}", sub))
        else:  # e.g. a StatementVector (`code.code` shown as a Vector): no blocks, no return type
            style, stmts, header = getattr(item, "style", None), getattr(item, "stmts", None), getattr(item, "header", None)
            label = "stmt-vector" if type(item).__name__ == "StatementVector" else type(item).__name__
            rows.append((str(i), label, style.family if style is not None else "", "-",
                         str(len(stmts)) if stmts is not None else "-", header + ":" if header else "-"))
    return rows


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _format_table(rows: list[tuple[str, ...]]) -> list[str]:
    header = ("#", "form", "julia", "blocks", "stmts", "returns")
    table = [header] + rows
    widths = [max(len(r[c]) for r in table) for c in range(len(header) - 1)]
    right = {3, 4}
    out = []
    for r in table:
        cells = [r[c].rjust(widths[c]) if c in right else r[c].ljust(widths[c]) for c in range(len(widths))]
        out.append(("  " + "  ".join(cells) + "  " + r[-1]).rstrip())
    return out


def _attempt(path: str, doing: str, action):
    """Run `action()`; returns (value, None), or (None, (kind, message)) with kind `input`, `parse` or `bug`.

    Every verb reports a failure the same way: an unreadable file, a located
    parse error, or (never a traceback) a parser bug.
    """
    try:
        return action(), None
    except InputError as e:
        return None, ("input", f"jlir: error: {e}")
    except ParseError as e:
        return None, ("parse", e.render())
    except RecursionError as e:
        return None, ("parse", f"{_name(path)}: error: the input nests too deeply to read ({e})")
    except Exception as e:  # a parser bug must not show as a traceback
        return None, ("bug", _internal(path, doing, e))


def cmd_parse(args) -> int:
    status = EXIT_OK
    for path in args.files:
        doc, problem = _attempt(path, "parsing", lambda: _parse(path)[1])
        if problem:
            _err(problem[1])
            status = EXIT_ERROR
            continue
        try:
            text = _json_line(doc, path) if args.json else _summary(doc, path)
        except RecursionError:
            _err(f"{_name(path)}: error: a value nests too deeply to be written "
                 + ("as JSON" if args.json else "in the summary"))
            status = EXIT_ERROR
        except Exception as e:
            _err(_internal(path, "writing JSON" if args.json else "summarising", e))
            status = EXIT_ERROR
        else:
            _write(text)
    return status


def _json_line(doc, path: str) -> str:
    from jlir.ir.serialize import to_json
    data = to_json(doc, source=_name(path))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _summary(doc, path: str) -> str:
    n = len(jlir.functions(doc))
    lines = [f"{_name(path)}: {_plural(len(doc.items), 'dump')}, {_plural(n, 'function')}"]
    lines += _format_table(_summary_rows(doc))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- print
def _json_documents(text: str, name: str) -> list:
    """Every jlir JSON envelope in `text`: one or more objects (JSON Lines or concatenated), or a list of them."""
    decoder = json.JSONDecoder()
    out, pos, n = [], 0, len(text)
    while True:
        while pos < n and text[pos] in " \t\r\n":
            pos += 1
        if pos >= n:
            break
        try:
            value, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            line = text.split("\n")[e.lineno - 1] if text else ""
            raise ParseError(f"not valid JSON: {e.msg}", file=name, line=e.lineno, column=e.colno,
                             text=line) from None
        out.extend(value if isinstance(value, list) else [value])
    if not out:
        raise ParseError("no JSON found: the input is empty", file=name)
    return out


def _from_json_items(path: str) -> list:
    from jlir.ir.serialize import SchemaError
    name = _name(path)
    items = []
    for k, data in enumerate(_json_documents(_read_text(path), name), 1):
        try:
            items.append(jlir.from_json(data))
        except SchemaError as e:
            where = f" (JSON document {k})" if k > 1 else ""
            raise InputError(f"{name}{where}: {e}") from None
    return items


def cmd_print(args) -> int:
    status = EXIT_OK
    for path in args.files:
        if args.from_json:
            texts, problem = _attempt(path, "printing", lambda: [jlir.format(x) for x in _from_json_items(path)])
        else:
            texts, problem = _attempt(path, "printing", lambda: [jlir.format(_parse(path)[1])])
        if problem:
            _err(problem[1])
            status = EXIT_ERROR
            continue
        for text in texts:
            _write(text)
    return status


# ---------------------------------------------------------------- roundtrip
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


def _parse_and_print(path: str) -> tuple[str, str]:
    text, doc = _parse(path)
    return text, jlir.format(doc)


def cmd_roundtrip(args) -> int:
    passed = failed = 0
    unreadable = False
    for path in args.files:
        name = _name(path)
        result, problem = _attempt(path, "parsing and printing", lambda: _parse_and_print(path))
        if problem:
            kind, message = problem
            failed += 1
            if kind == "input":
                _err(message)
                unreadable = True
            else:
                _write(message + "\n")
            continue
        text, got = result
        if got == text:
            passed += 1
            continue
        failed += 1
        line, x, y = first_difference(text, got)
        _write(f"{name}:{line}: differs: expected {_shorten(x)}, got {_shorten(y)}\n")
    _write(f"{passed} passed, {failed} failed\n")
    if unreadable:
        return EXIT_ERROR
    return EXIT_FAILED if failed else EXIT_OK


# ---------------------------------------------------------------- diff
def _context_lines(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a number of lines (0 or more), got {text!r}")
    return int(text)


def cmd_diff(args) -> int:
    """Exit 0 when the prints are identical or equivalent (printing style, line info), 1 when they differ,
    2 when an input cannot be read or parsed or holds no function."""
    from jlir.diff import DiffError, diff_documents
    from jlir.diff_text import render_text
    if args.a == "-" and args.b == "-":
        _err("jlir: error: only one of the two inputs can be standard input")
        return EXIT_ERROR
    docs, failed = [], False
    for path in (args.a, args.b):
        doc, problem = _attempt(path, "parsing", lambda: _parse(path)[1])
        if problem:
            _err(problem[1])
            failed = True
        docs.append(doc)
    if failed:
        return EXIT_ERROR
    try:
        d = diff_documents(docs[0], docs[1], _name(args.a), _name(args.b))
        if args.json:
            text = json.dumps(d.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"
        else:
            text = render_text(d, context=args.context, show_style=args.show_style)
    except DiffError as e:
        _err(f"jlir: error: {e}")
        return EXIT_ERROR
    except Exception as e:  # a diff bug must not show as a traceback
        _err(_internal(args.a, "diffing", e))
        return EXIT_ERROR
    _write(text)
    return EXIT_FAILED if d.outcome == "different" else EXIT_OK


# ---------------------------------------------------------------- fetch
def _fetch_json(jl, target: str, form: str, text: str, command: str, document) -> dict:
    """What `fetch --json` writes for one target: the model (IR forms), or Julia's own CFG or dominators."""
    from jlir.ir.serialize import to_json
    julia = {"version": jl.version, "target": target, "form": form, "command": command}
    if form == "cfg":
        return {"julia": julia, **jl.cfg(target).to_json()}
    if form == "domtree":
        return {"julia": julia, **json.loads(text)}
    return to_json(document, julia=julia)


def cmd_fetch(args) -> int:
    """Ask a live Julia for one form of each target (one session for all), check jlir reads it, write it."""
    from jlir.live import Julia, LiveError
    defs, defs_name = None, "defs.jl"
    if args.defs:
        try:
            defs = _read_text(args.defs)
        except InputError as e:
            _err(f"jlir: error: --defs {e}")
            return EXIT_ERROR
        except ParseError as e:
            _err(e.render())
            return EXIT_ERROR
        defs_name = "stdin.jl" if args.defs == "-" else os.path.basename(args.defs)
    outputs, status = [], EXIT_OK
    try:
        with Julia(args.julia, backend=args.backend, timeout=args.timeout,
                   on_stderr=lambda line: _err(f"julia: {line}")) as jl:
            for target in args.targets:
                text, command = jl.render(target, args.form, defs=defs, defs_name=defs_name)
                try:
                    document = jl.read(text, args.form, command)
                except ParseError as e:
                    outputs.append(text)
                    _err(e.render())
                    _err(f"jlir: error: jlir cannot read what Julia {jl.version} printed for {target} (written "
                         "as it is): please report it")
                    status = EXIT_ERROR
                    continue
                if args.json:
                    data = _fetch_json(jl, target, args.form, text, command, document)
                    outputs.append(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
                else:
                    outputs.append(text)
    except LiveError as e:
        _err(f"jlir: error: {e}")
        return EXIT_ERROR
    out = ("" if args.json else "\n").join(outputs)
    if args.output:
        try:
            _write_file_atomically(args.output, out)
        except OSError as e:
            _err(f"jlir: error: cannot write {args.output}: {e.strerror or e}")
            return EXIT_ERROR
    else:
        _write(out)
    return status


def _write_file_atomically(path: str, text: str) -> None:
    """Write `text` to `path` through a temporary file beside it and a rename: readers see the old file or the new
    one, never half of one, and a failure leaves the old file as it was."""
    import tempfile
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8", errors="surrogateescape"))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ---------------------------------------------------------------- main
def _write(text: str) -> None:
    sys.stdout.buffer.write(text.encode("utf-8"))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="jlir", description="Read Julia's printed SSA IR (@code_typed, @code_lowered, IRCode, "
                                 "@code_warntype, CFG listings) and print it back exactly.",
        epilog="Exit status: 0 ok, 1 a file failed `roundtrip` or `diff` found the prints different, 2 unreadable "
               "input, not Julia IR, or (fetch) no Julia or Julia failed.")
    p.add_argument("--version", action="version", version=f"jlir {jlir.__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sp = sub.add_parser("parse", help="summarise the functions in each file (or print the model as JSON)",
                        description="One line per function: index, form, Julia version family, blocks, "
                                    "statements and return type.")
    sp.add_argument("files", nargs="+", metavar="FILE", help="a dump file; - for standard input")
    sp.add_argument("--json", action="store_true",
                    help="print the model as JSON (schema jlir/1): one object per file, one per line")
    sp.set_defaults(func=cmd_parse)

    pp = sub.add_parser("print", help="parse each file and print it back from the model",
                        description="Print each dump from its parsed model, exactly as Julia printed it.")
    pp.add_argument("files", nargs="+", metavar="FILE", help="a dump file (or JSON with --from-json); - for stdin")
    pp.add_argument("--from-json", action="store_true",
                    help="read the JSON written by `jlir parse --json` instead of a dump")
    pp.set_defaults(func=cmd_print)

    rp = sub.add_parser("roundtrip", help="check that each file prints back byte for byte",
                        description="For each file, check format(parse(text)) == text; report the first "
                                    "differing line of each failure and `N passed, M failed`.")
    rp.add_argument("files", nargs="+", metavar="FILE", help="a dump file; - for standard input")
    rp.set_defaults(func=cmd_roundtrip)

    dp = sub.add_parser(
        "diff", help="structural diff of two prints of the same function(s), e.g. by two Julia versions",
        description="Pair the statements of A and B by content (modulo SSA and block renumbering) and report "
                    "added, removed and changed statements, changed types, block structure, return types and "
                    "@code_warntype variables.  Differences of printing style between Julia versions "
                    "(Core.Compiler.Const vs Core.Const, Array{T,1} vs Vector{T}, _2 vs slot names, 1.12 call "
                    "labels on one side, …) are reported as style, not change.  Line info (line tables, "
                    "location lines, line-number columns) is not compared: it differs between any two Julia "
                    "builds.  Functions are paired in order.",
        epilog="Exit status: 0 identical or equivalent (style or line info only), 1 different, "
               "2 unreadable input, a parse error, or no function to compare.")
    dp.add_argument("a", metavar="A", help="a dump file; - for standard input")
    dp.add_argument("b", metavar="B", help="a dump file; - for standard input")
    dp.add_argument("--json", action="store_true",
                    help="print one JSON object (schema jlir-diff/1, keys documented in jlir/diff.py)")
    dp.add_argument("-U", "--context", type=_context_lines, default=3, metavar="N",
                    help="unchanged statements shown around each change (default 3)")
    dp.add_argument("--show-style", action="store_true",
                    help="also list each statement and variable that differs only in printing style")
    dp.set_defaults(func=cmd_diff)

    from jlir.live.session import BACKENDS, FORMS
    fp = sub.add_parser(
        "fetch", help="ask a live Julia for the IR of a call or signature, printed exactly as its REPL shows it",
        description="Run Julia (juliacall in-process if it starts, else a `julia` executable kept alive for all "
                    "targets), print FORM of each TARGET as the REPL shows it, and check that jlir reads it. "
                    "TARGET is a call with values (`foo(1.0)`), with types (`foo(::Float64)`), with keywords "
                    "(`foo(1; k=2)`), or a signature (`Tuple{typeof(sort), Vector{Int}}`).",
        epilog="Julia is looked for as: --julia, $JLIR_JULIA, `julia` on PATH, jlir's Julia cache "
               "(scripts/install-julia.sh). Exit status: 0 ok; 2 no Julia, Julia failed (its error is shown), "
               "or jlir cannot read what Julia printed.")
    fp.add_argument("targets", nargs="+", metavar="TARGET", help="a call or a Tuple{typeof(f), …} signature")
    fp.add_argument("--defs", metavar="FILE", help="Julia source evaluated in Main first (- for stdin); its "
                                                   "file name shows in location lines")
    fp.add_argument("--form", choices=FORMS, default="typed",
                    help="what to print (default typed): lowered, typed, typed-unoptimized, warntype, ircode, "
                         "cfg, domtree, … (`jlir fetch --help` lists all)")
    fp.add_argument("--julia", metavar="SPEC", help="a Julia executable, a command on PATH, or +CHANNEL (juliaup)")
    fp.add_argument("--backend", choices=BACKENDS, default="auto",
                    help="auto (default): juliacall if it starts and no --julia is given, else a subprocess")
    fp.add_argument("--json", action="store_true",
                    help="the model as JSON (schema jlir/1); for cfg and domtree Julia's own CFG (blocks with "
                         "stmts, preds, succs) and immediate dominators")
    fp.add_argument("--timeout", type=float, default=300.0, metavar="SECONDS",
                    help="stop a Julia request that takes longer (default 300)")
    fp.add_argument("-o", "--output", metavar="FILE", help="write to FILE (atomically) instead of stdout")
    fp.set_defaults(func=cmd_fetch)
    return p


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")
        except (AttributeError, ValueError):
            pass
    try:
        args = build_parser().parse_args(argv)
        status = args.func(args)
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        _err("jlir: interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (`jlir parse … | head`): stop quietly, and keep Python from complaining at exit.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        return 141


if __name__ == "__main__":
    sys.exit(main())
