"""`jlir print FILE…`: each dump printed back from its parsed model, or from `jlir parse --json` output."""
from __future__ import annotations

import json
import re
from dataclasses import replace

import jlir
from jlir.ir.types import TypeHighlighted
from jlir.cli.inputs import InputError, add_reading_options, attempt, name, parse, read_text, report_unreadable
from jlir.cli.output import EXIT_ERROR, EXIT_OK, write
from jlir.cli.jobs import add_jobs, each_file
from jlir.cli.progress import Progress
from jlir.ir.function import Unreadable
from jlir.syntax.errors import ParseError


def register(sub) -> None:
    pp = sub.add_parser("print", help="parse each file and print it back from the model",
                        description="Print each dump from its parsed model, exactly as Julia printed it.")
    pp.add_argument("files", nargs="+", metavar="FILE", help="a dump file (or JSON with --from-json); - for stdin")
    pp.add_argument("--from-json", action="store_true",
                    help="read the JSON written by `jlir parse --json` instead of a dump (streamed: each document "
                         "is printed before the next is read)")
    pp.add_argument("--color", dest="color", action="store_const", const="always", default="keep",
                    help="colour each plain dump as Julia does on a colour terminal (coloured dumps keep theirs)")
    pp.add_argument("--no-color", dest="color", action="store_const", const="never",
                    help="print plain: drop the colours a coloured dump had")
    add_reading_options(pp, many=True)
    add_jobs(pp)
    pp.set_defaults(func=run, exit_fast=True)


def run(args) -> int:
    status = EXIT_OK
    color = args.color

    def work(path: str, say) -> int:
        if args.from_json:
            return _print_from_json(path, say)
        texts, problem = attempt(path, "printing", lambda: _print(path, args, color, say))
        if problem:
            say(problem[1])
            return EXIT_ERROR
        status = EXIT_OK
        if texts and texts[-1] is None:  # unreadable dumps were reported: the rest printed, exit 2
            texts.pop()
            status = EXIT_ERROR
        for text in texts:
            write(text)
        return status

    with Progress(len(args.files), "print", enabled=None if len(args.files) > 1 else False) as bar:
        for path, st in each_file(args, args.files, work, bar.message):
            bar.advance(name(path))
            status = max(status, st)
    return status


def _print(path: str, args, color: str, say) -> list:
    errors = "raise" if args.fail_fast else "collect"
    doc = parse(path, lenient=args.lenient, errors=errors, notes=say)[1]
    bad = report_unreadable(doc, say)
    if color == "never":
        doc = replace(doc, colors=())
    elif color == "always":
        doc = julia_colored(doc)
    doc = doc.readable()
    return ([jlir.format(doc)] if doc.items else []) + ([None] if bad else [])


def julia_colored(doc):
    """`doc` with each plain dump given the colours Julia would print it in (coloured dumps keep theirs)."""
    from jlir.lattice.concrete import judge
    from jlir.printer.color import julia_colors
    from jlir.printer.forms import format_item

    def severity_for(style):
        def severity(t):
            v = judge(t, style)
            return v.severity if v.flagged else None
        return severity
    old = doc.colors or (None,) * len(doc.items)
    items = tuple(x if c is not None else _spelled(x) for x, c in zip(doc.items, old))
    colors = tuple(c if c is not None or type(x) is Unreadable
                   else julia_colors(x, format_item(x), severity_for(getattr(x, "style", None)))
                   for x, c in zip(items, old))
    return replace(doc, items=items, colors=colors)


def _spelled(item):
    """A plain 1.5 `@code_warntype` print upper-cases the types it flags (`UNION{NOTHING, INT64}`); printed in
    colour, Julia 1.5.3 spells them as they are and colours them instead (InteractiveUtils' `warntype_type_printer`
    calls `Base.emphasize`, which upper-cases only where the IO has no colour: `base/show.jl`).  Each flagged type of the
    statements, the `Variables` and `Body::T` comes back in Julia's spelling where every name in it has one
    (`jlir.ssa.case.restored_text`); one that cannot stays as printed."""
    from jlir.ir.function import Function, VectorDisplay
    if isinstance(item, VectorDisplay):
        return replace(item, items=tuple(_spelled(x) for x in item.items))
    if not isinstance(item, Function) or item.header is None:
        return item
    stmts = tuple(st if type(st.type) is not TypeHighlighted else replace(st, type=_spelling(st.type))
                  for st in item.stmts)
    h = item.header
    sections = tuple((title, tuple((e[0], e[1], _spelling(e[2])) + tuple(e[3:]) if len(e) >= 3 else e
                                   for e in entries)) for title, entries in h.sections)
    header = replace(h, sections=sections, body_type=_spelling(h.body_type))
    return item.replace(stmts=stmts, header=header)


def _spelling(t):
    if type(t) is not TypeHighlighted:
        return t
    from jlir.ssa.case import restored_text
    text = restored_text(t.text)
    if text is None:
        return t
    try:
        return jlir.parse_type(text)
    except jlir.ParseError:
        return t


def json_documents(text: str, source: str):
    """Every jlir JSON envelope in `text`, one at a time: one or more objects (JSON Lines or concatenated), or a
    list of them.  Each is decoded when it is asked for, so a caller that lets each go holds one JSON tree at a
    time; a JSON error is raised when the reading reaches it, after the envelopes before it."""
    decoder = json.JSONDecoder()
    surrogates = _SURROGATE_ESCAPE.search(text) is not None  # looked for once, not per envelope
    pos, n, found = 0, len(text), 0
    while True:
        while pos < n and text[pos] in " \t\r\n":
            pos += 1
        if pos >= n:
            break
        start = pos
        try:
            value, pos = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            line = text.split("\n")[e.lineno - 1] if text else ""
            raise ParseError(f"not valid JSON: {e.msg}", file=source, line=e.lineno, column=e.colno,
                             text=line) from None
        if surrogates:
            _refuse_lone_surrogates(value, text, source, begin=start)
        values = value if isinstance(value, list) else [value]
        del value
        found += len(values)
        values.reverse()
        while values:
            yield values.pop()  # handed over, not kept: a list's envelopes are let go one by one too
    if not found:
        raise ParseError("no JSON found: the input is empty", file=source)


def _refuse_lone_surrogates(value, text: str, source: str, begin: int) -> None:
    """A `\\ud800` escape decodes to a lone surrogate, which is no Unicode text: jlir could neither print it as
    UTF-8 nor mean anything by it, so it is refused where it stands (JSON's own decoder lets it through).  Only
    asked of text with a `\\uD…` escape; `value` is the JSON value that begins at `begin`."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        code = f"\\u{ord(e.object[e.start]):04x}"
        at = max(text.lower().find(code, begin), 0)
        start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
        line = text[start:end if end >= 0 else len(text)]
        raise ParseError(f"not valid JSON text: `{code}` is a lone UTF-16 surrogate, not a character",
                         file=source, line=text.count("\n", 0, at) + 1, column=at - start + 1, text=line) from None


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _from_json_items(path: str):
    """Each JSON document's model in turn, with its text when the check printed it (`readback.from_json_printed`):
    one JSON tree and one model at a time, each let go before the next is read."""
    from jlir.json import SchemaError
    from jlir.syntax.readback import from_json_printed
    source = name(path)
    for k, data in enumerate(json_documents(read_text(path), source), 1):
        try:
            yield from_json_printed(data)
        except SchemaError as e:
            where = f" (JSON document {k})" if k > 1 else ""
            raise InputError(f"{source}{where}: {e}") from None


def _print_from_json(path: str, say) -> int:
    """`print --from-json` of one file, streamed: each document is printed as soon as it is read, so the memory is
    the JSON text and one document's tree and model whatever the number of documents.  A document that cannot be
    read (bad JSON, a schema error, a model that does not print back) is reported after the ones before it were
    printed, and the file's status is 2, as for a dump file with an unreadable dump."""
    items = _from_json_items(path)
    end = object()

    def next_text():
        item = next(items, end)
        if item is end:
            return end
        model, text = item
        return jlir.format(model) if text is None else text

    while True:
        text, problem = attempt(path, "printing", next_text)
        if problem:
            say(problem[1])
            return EXIT_ERROR
        if text is end:
            return EXIT_OK
        write(text)
