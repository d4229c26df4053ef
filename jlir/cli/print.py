"""`jlir print FILE…`: each dump printed back from its parsed model, or from `jlir parse --json` output."""
from __future__ import annotations

import json

import jlir
from jlir.cli.inputs import InputError, attempt, name, parse, read_text
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err, write
from jlir.syntax.errors import ParseError


def register(sub) -> None:
    pp = sub.add_parser("print", help="parse each file and print it back from the model",
                        description="Print each dump from its parsed model, exactly as Julia printed it.")
    pp.add_argument("files", nargs="+", metavar="FILE", help="a dump file (or JSON with --from-json); - for stdin")
    pp.add_argument("--from-json", action="store_true",
                    help="read the JSON written by `jlir parse --json` instead of a dump")
    pp.set_defaults(func=run, exit_fast=True)


def run(args) -> int:
    status = EXIT_OK
    for path in args.files:
        if args.from_json:
            texts, problem = attempt(path, "printing", lambda: [jlir.format(x) for x in _from_json_items(path)])
        else:
            texts, problem = attempt(path, "printing", lambda: [jlir.format(parse(path)[1])])
        if problem:
            err(problem[1])
            status = EXIT_ERROR
            continue
        for text in texts:
            write(text)
    return status


def json_documents(text: str, source: str) -> list:
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
            raise ParseError(f"not valid JSON: {e.msg}", file=source, line=e.lineno, column=e.colno,
                             text=line) from None
        _refuse_lone_surrogates(value, text, source)
        out.extend(value if isinstance(value, list) else [value])
    if not out:
        raise ParseError("no JSON found: the input is empty", file=source)
    return out


def _refuse_lone_surrogates(value, text: str, source: str) -> None:
    """A `\\ud800` escape decodes to a lone surrogate, which is no Unicode text: jlir could neither print it as
    UTF-8 nor mean anything by it, so it is refused where it stands (JSON's own decoder lets it through)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        code = f"\\u{ord(e.object[e.start]):04x}"
        at = max(text.lower().find(code), 0)
        start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
        line = text[start:end if end >= 0 else len(text)]
        raise ParseError(f"not valid JSON text: `{code}` is a lone UTF-16 surrogate, not a character",
                         file=source, line=text.count("\n", 0, at) + 1, column=at - start + 1, text=line) from None


def _from_json_items(path: str) -> list:
    from jlir.ir.serialize import SchemaError
    source = name(path)
    items = []
    for k, data in enumerate(json_documents(read_text(path), source), 1):
        try:
            items.append(jlir.from_json(data))
        except SchemaError as e:
            where = f" (JSON document {k})" if k > 1 else ""
            raise InputError(f"{source}{where}: {e}") from None
    return items
