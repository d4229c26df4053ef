"""`jlir verify FILE…`: check Julia's IR invariants; exit 0 when every function is valid, 1 when any has an
error, 2 for unreadable input.  Each problem is one located message, rendered like a parse error:
`file:line:column: error: message`, the statement's line, a caret under the statement.  Positions come from
the printer (`jlir.printer.positions`): a dump prints back byte for byte, so where the printer puts a
statement is where the file has it.
"""
from __future__ import annotations

import jlir
from jlir import analysis as A
from jlir.cli.output import EXIT_FAILED, EXIT_OK
from jlir.cli.units import Unit, add_inputs, run_each
from jlir.printer.positions import statement_lines
from jlir.syntax.errors import ParseError


def register(sub) -> None:
    sp = sub.add_parser("verify", help="check the IR's invariants (exit 1 with one located message per problem)",
                        description="Julia's verify_ir checks (statement order, φ edges, uses dominated by their "
                                    "definitions, branch targets, handlers) on each function.")
    add_inputs(sp)
    sp.set_defaults(func=run)


def positions(unit: Unit) -> dict[int, tuple[int, int]]:
    """Statement → `(line, column)` in the unit's file, where the printer puts it, kept only where the file
    shows the very text the printer would there: a file that does not print back exactly (hand-edited,
    re-spaced) gets no position rather than a wrong one."""
    printed = jlir.format(unit.document).split("\n")
    lines = unit.text.split("\n")
    if len(printed) != len(lines):
        return {}
    return {sid: (line, col) for sid, (line, col) in statement_lines(unit.document).get(unit.index, {}).items()
            if printed[line - 1][col - 1:] == lines[line - 1][col - 1:]}


def render(unit: Unit, d, where: dict[int, tuple[int, int]], lines: list[str]) -> str:
    """One diagnostic as a compiler prints it: located when its statement is found in the file, else named by
    function (a problem of a whole block has no statement)."""
    at = where.get(d.stmt) if d.stmt is not None else None
    if at is None:
        return f"{unit.source}: {d.severity}: function {unit.index}: {d.message} [{d.kind}]"
    line, col = at
    # the parse error's layout (location, the line with control characters made visible, a caret)
    text = ParseError(f"{d.message} [{d.kind}]", file=unit.source, line=line, column=col,
                      text=lines[line - 1]).render()
    head, _, rest = text.partition(": error: ")
    return f"{head}: {d.severity}: {rest}"


def run(args) -> int:
    def answer(unit):
        problems = A.verify(unit.function)
        if not problems:
            return "", EXIT_OK
        failed = any(d.severity == "error" for d in problems)
        where, lines = positions(unit), unit.text.split("\n")
        return "".join(render(unit, d, where, lines) + "\n" for d in problems), EXIT_FAILED if failed else EXIT_OK
    return run_each(args, "verifying", answer, "located")
