"""`jlir parse FILE…`: one summary line per function, or the model as JSON (one object per file, one per line)."""
from __future__ import annotations

import jlir
from jlir.cli.inputs import add_reading_options, attempt, internal, name, parse, report_unreadable
from jlir.cli.output import EXIT_ERROR, EXIT_OK, OutputError, json_line, write
from jlir.cli.jobs import add_jobs, each_file
from jlir.cli.progress import Progress


def register(sub) -> None:
    sp = sub.add_parser("parse", help="summarise the functions in each file (or print the model as JSON)",
                        description="One line per function: index, form, Julia version family, blocks, "
                                    "statements, name (fetch label, MethodInstance, or the file) and "
                                    "return type.")
    sp.add_argument("files", nargs="+", metavar="FILE", help="a dump file; - for standard input")
    sp.add_argument("--json", action="store_true",
                    help="print the model as JSON (schema jlir/1): one object per file, one per line")
    sp.add_argument("--text", action="store_true",
                    help="with --json: add Julia's text (\"text\") to each statement, statement type and return "
                         "type, for jq (additive: the schema stays jlir/1)")
    add_reading_options(sp, many=True)
    add_jobs(sp)
    sp.set_defaults(func=run, exit_fast=True)


def run(args) -> int:
    status = EXIT_OK
    errors = "raise" if args.fail_fast else "collect"

    def work(path: str, say) -> int:
        doc, problem = attempt(path, "parsing", lambda: parse(path, lenient=args.lenient, errors=errors, notes=say)[1])
        if problem:
            say(problem[1])
            return EXIT_ERROR
        status = EXIT_OK
        if report_unreadable(doc, say):
            status = EXIT_ERROR
            if not doc.readable().items:  # nothing read: the errors say all there is
                return status
        return max(status, _write(doc, path, args, say))

    with Progress(len(args.files), "parse", enabled=None if len(args.files) > 1 else False) as bar:
        for path, st in each_file(args, args.files, work, bar.message):
            bar.advance(name(path))
            status = max(status, st)
    return status


def _write(doc, path: str, args, say) -> int:
    """Write one document's summary or JSON (JSON leaves unreadable dumps out: they hold no model)."""
    try:
        if args.json and not args.text:
            _write_json(doc.readable(), path)
            return EXIT_OK
        text = _json(doc.readable(), path, args.text) if args.json else _summary(doc, path)
    except (OutputError, BrokenPipeError):
        raise  # the streamed JSON is written in here: a full disk or a closed pipe is the caller's to report
    except RecursionError:
        say(f"{name(path)}: error: a value nests too deeply to be written "
            + ("as JSON" if args.json else "in the summary"))
        return EXIT_ERROR
    except Exception as e:
        say(internal(path, "writing JSON" if args.json else "summarising", e))
        return EXIT_ERROR
    write(text)
    return EXIT_OK


def _write_json(doc, path: str) -> None:
    """The document's JSON line, written one item at a time (the whole JSON text is never in memory)."""
    from jlir.json import iter_json
    for piece in iter_json(doc, source=name(path)):
        write(piece)


def _json(doc, path: str, text: bool = False) -> str:
    """The JSON line with Julia's text added (`--text`: built whole by serialize.to_json, not streamed)."""
    from jlir.json import to_json
    return json_line(to_json(doc, source=name(path), text=text))


def _summary(doc, path: str) -> str:
    n = len(jlir.functions(doc))
    head = f"{name(path)}: {_plural(len(doc.items), 'dump')}, {_plural(n, 'function')}"
    if doc.errors:  # said in the header too: a long table hides a few unreadable rows
        head += f", {len(doc.errors)} unreadable"
    lines = [head]
    lines += _format_table(_summary_rows(doc, path))
    return "\n".join(lines) + "\n"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _function_row(index: str, f, shown_name: str) -> tuple[str, ...]:
    from jlir.printer.exprs import ExprPrinter
    returns = f.return_type
    if returns is None and f.header is not None:
        returns = f.header.body_type
    shown = "-" if returns is None else ExprPrinter(f.style).type(returns)
    return (index, f.form.value, f.style.family, str(len(f.blocks)), str(len(f.stmts)), shown_name, shown)


def _other_row(index: str, item, shown_name: str) -> tuple[str, ...]:
    """A dump that is neither a function, a CFG listing nor a vector display, e.g. a StatementVector (`code.code`
    shown as a Vector): no blocks, no return type."""
    style, stmts, header = getattr(item, "style", None), getattr(item, "stmts", None), getattr(item, "header", None)
    label = "stmt-vector" if type(item).__name__ == "StatementVector" else type(item).__name__
    return (index, label, style.family if style is not None else "", "-",
            str(len(stmts)) if stmts is not None else "-", shown_name, header + ":" if header else "-")


def _summary_rows(doc, path: str) -> list[tuple[str, ...]]:
    """One row per dump (and per vector element).  The name column: the dump's fetch label or its own name
    (`MethodInstance for …`, a cost display's method), `NAME[k]` for vector elements, else the file's name
    when it holds one dump, else `-`."""
    import os
    from jlir.compare.names import item_names, own_name
    from jlir.ir.function import CFGListing, Function, Unreadable, VectorDisplay
    fallback = os.path.basename(name(path)) if len(doc.items) == 1 else "-"
    rows = []
    for i, (item, item_name) in enumerate(zip(doc.items, item_names(doc)), 1):
        shown_name = item_name or fallback
        if isinstance(item, Function):
            rows.append(_function_row(str(i), item, shown_name))
        elif isinstance(item, CFGListing):
            rows.append((str(i), "cfg", item.style.family, str(len(item.blocks)), "-", shown_name, "-"))
        elif isinstance(item, VectorDisplay):
            header = item.header + ":" if item.header is not None else "(elements without their header line)"
            rows.append((str(i), "vector", "", "", "", shown_name, header))
            rows += [_function_row(f"{i}.{j}", sub, own_name(sub) or f"{shown_name}[{j}]")
                     for j, sub in enumerate(item.items, 1) if isinstance(sub, Function)]
        elif isinstance(item, Unreadable):
            e = item.error
            rows.append((str(i), "unreadable", "", "-", "-", shown_name, f"line {e.line}: {e.message}"))
        else:
            rows.append(_other_row(str(i), item, shown_name))
    return rows


def _format_table(rows: list[tuple[str, ...]]) -> list[str]:
    header = ("#", "form", "julia", "blocks", "stmts", "name", "returns")
    table = [header] + rows
    widths = [max(len(r[c]) for r in table) for c in range(len(header) - 1)]
    right = {3, 4}
    out = []
    for r in table:
        cells = [r[c].rjust(widths[c]) if c in right else r[c].ljust(widths[c]) for c in range(len(widths))]
        out.append(("  " + "  ".join(cells) + "  " + r[-1]).rstrip())
    return out
