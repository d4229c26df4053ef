"""`jlir verify FILE…`: check Julia's IR invariants; exit 0 when every function is valid, 1 when any has an
error, 2 for unreadable input.  Each problem is one located message, rendered like a parse error:
`file:line:column: error: message`, the statement's line, a caret under the statement.
"""
from __future__ import annotations

from jlir import analysis as A
from jlir.cli.output import EXIT_FAILED, EXIT_OK
from jlir.cli.units import Unit, add_inputs, run_each
from jlir.syntax.errors import ParseError


def register(sub) -> None:
    sp = sub.add_parser("verify", help="check the IR's invariants (exit 1 with one located message per problem)",
                        description="Julia's verify_ir checks (statement order, φ edges, uses dominated by their "
                                    "definitions, branch targets, handlers) on each function.")
    add_inputs(sp)
    sp.set_defaults(func=run)


def locate(unit: Unit, stmt: int | None):
    """`(line, column, text)` of statement `stmt` of `unit` in its file (1-based), or None when unknown."""
    if stmt is None:
        return None
    lines = statement_lines(unit)
    return None if lines is None else lines.get(stmt)


def statement_lines(unit: Unit):
    """Statement number → `(line, column, line text)` for the unit's function, from `jlir.printer.positions`."""
    try:
        from jlir.printer.positions import statement_lines as positions
    except ImportError:
        return None
    table = positions(unit.document)
    found = table.get(unit.index) if isinstance(table, dict) else table[unit.index - 1]
    if found is None:
        return None
    text_lines = unit.text.split("\n")
    return {sid: (line, col, text_lines[line - 1] if 0 < line <= len(text_lines) else "")
            for sid, (line, col) in found.items()}


def render(unit: Unit, d) -> str:
    """One diagnostic as a compiler prints it: located when its statement can be found in the file."""
    where = locate(unit, d.stmt)
    if where is None:
        return f"{unit.source}: {d.severity}: function {unit.index}: {d.message} [{d.kind}]"
    line, col, shown = where
    # the parse error's layout (location, the line with control characters made visible, a caret)
    text = ParseError(f"{d.message} [{d.kind}]", file=unit.source, line=line, column=col, text=shown).render()
    head, _, rest = text.partition(": error: ")
    return f"{head}: {d.severity}: {rest}"


def run(args) -> int:
    def answer(unit):
        problems = A.verify(unit.function)
        if not problems:
            return "", EXIT_OK
        failed = any(d.severity == "error" for d in problems)
        return "".join(render(unit, d) + "\n" for d in problems), EXIT_FAILED if failed else EXIT_OK
    return run_each(args, "verifying", answer, "located")
