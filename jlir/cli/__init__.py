"""The `jlir` command: summarise, print, round-trip and convert Julia IR dumps.

    jlir parse FILE… [--json]       one summary line per function (or the model as JSON)
    jlir print FILE… [--from-json]  the dump printed back from the model (or from `parse --json` output)
    jlir roundtrip FILE…            check that printing the parsed dump gives the file back byte for byte
    jlir diff A B [--json]          structural diff of two prints of the same function(s), e.g. by two
                                    Julia versions: changes modulo SSA and block renumbering, style apart
    jlir fetch TARGET… [--form F]   ask a live Julia for IR (jlir.live), printed as its REPL shows it

`-` is standard input.  Exit status: 0 on success; 1 when `roundtrip` found a
file that prints back differently, or `diff` found the two prints different
(0: identical or equivalent); 2 for unreadable input (missing or empty file,
binary data, invalid UTF-8, text that is not Julia IR jlir knows, malformed
JSON) and output that cannot be written (full disk, closed stdout, a `-o` file
the user could not write) — with a located message on stderr, never a
traceback (README: "Exit status").

JSON output (`parse --json`) is one object per input file, each on its own
line (JSON Lines; with one file the output is a single JSON document):
`{"schema": "jlir/1", "source": FILE, "document": …}` — see jlir/json/schema.md.
`print --from-json` reads such output back: one or more of these objects
(one per line, or concatenated), or a JSON list of them, one at a time: each
is printed before the next is read, and a broken one is reported after the
ones before it were printed (status 2).

Layout: `app` builds the argument parser and runs a verb; `verbs` lists the
verb modules (one module per verb, each with `register(subparsers)`);
`inputs` reads files and standard input and turns failures into located
messages; `output` writes to stdout, stderr and (`-o`, as Unix tools do) to
files; `progress` draws a counter on stderr when it is a terminal.
"""
from __future__ import annotations

from jlir.cli.app import build_parser, main
from jlir.cli.roundtrip import first_difference

__all__ = ["build_parser", "first_difference", "main"]
