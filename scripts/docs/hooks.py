"""MkDocs hooks of the documentation site (mkdocs.yml `hooks:`).

* `reference/cli.md` is generated from the `jlir` command's own argparse parsers at build time, so the CLI
  reference cannot drift from the command: every verb, its usage, description and options.
* Every page of the navigation is a file under `docs/` (or this generated one): a missing page fails
  `mkdocs build --strict`.
"""
from __future__ import annotations

import argparse
import os

from mkdocs.structure.files import File

CLI_PAGE = "reference/cli.md"


def on_files(files, config):
    files.append(File.generated(config, CLI_PAGE, content=cli_reference()))
    return files


def cli_reference() -> str:
    """The Markdown of every verb of `jlir`, read off `jlir.cli.app.build_parser()`."""
    os.environ["COLUMNS"] = "100"  # argparse wraps usage lines to the terminal's width: one width for every build
    from jlir.cli.app import build_parser
    parser = build_parser()
    lines = ["# Command line", "", "Generated from the `jlir` command's own parsers when the site is built, so it "
             "says what the installed command accepts. `jlir VERB --help` prints the same.", "",
             "```text", parser.format_usage().strip(), "```", ""]
    for name, sub in _subparsers(parser):
        lines += _verb(f"jlir {name}", sub, 2)
    return "\n".join(lines) + "\n"


def _subparsers(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _verb(title: str, parser: argparse.ArgumentParser, level: int) -> list[str]:
    out = ["#" * level + f" `{title}`", ""]
    if parser.description:
        out += [_md(parser.description), ""]
    out += ["```text", parser.format_usage().strip(), "```", ""]
    rows = [a for a in parser._actions if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]
    if rows:
        out += ["| argument | meaning |", "|---|---|"]
        for a in rows:
            flags = ", ".join(f"`{f}`" for f in a.option_strings) or f"`{a.metavar or a.dest}`"
            if a.option_strings and a.nargs != 0:
                flags += f" `{_metavar(a)}`"
            text = _md(a.help or "") if a.help != argparse.SUPPRESS else ""
            if a.choices and a.option_strings:
                text += (" " if text else "") + "(one of: " + ", ".join(f"`{c}`" for c in a.choices) + ")"
            out.append(f"| {flags} | {text.replace('|', '&#124;')} |")
        out.append("")
    for name, sub in _subparsers(parser):
        out += _verb(f"{title} {name}", sub, level + 1)
    return out


def _metavar(a) -> str:
    if a.metavar is not None:
        return a.metavar if isinstance(a.metavar, str) else " ".join(a.metavar)
    return a.dest.upper()


def _md(text: str) -> str:
    """Help text as Markdown: one line, `%%` as argparse shows it, `<`/`>` escaped."""
    return " ".join(text.replace("%%", "%").split()).replace("<", "&lt;").replace(">", "&gt;")
