"""What the analysis verbs (cfg, dom, loops, liveness, verify, analyze) share: their inputs, one function at a time.

Each takes several files (`-` is standard input), runs on every function of
each document or on the one `--function N` picks (1-based, as `jlir parse`
numbers them, vector elements included), and answers bad input as `jlir
parse` does: a located message on stderr and exit status 2.  With more than
one function in all, each text answer is preceded by a header naming it
(`==> FILE, function N <==`, a comment in DOT; Mermaid's are one flowchart, a subgraph per function, since a
Mermaid text is one diagram; jlir reads its own headers back); JSON answers are
one object per function per line, naming `source` and `function`; messages that
name their own file and line (`verify`, format "located") need no header.
"""
from __future__ import annotations

import io
import sys
from dataclasses import dataclass

import jlir
from jlir.cli.inputs import add_reading_options, attempt, internal, name, parse
from jlir.cli.jobs import add_jobs, each_file
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err, write, write_output
from jlir.ir.errors import JlirError


@dataclass(frozen=True, slots=True)
class Unit:
    """One function to analyse: where it came from (`source`, its 1-based `index`) and the function."""
    source: str
    index: int
    function: object
    document: object
    text: str


def add_inputs(sp) -> None:
    """The arguments every analysis verb takes: files and `--function N`."""
    sp.add_argument("files", nargs="+", metavar="FILE", help="a dump file; - for standard input")
    sp.add_argument("--function", type=int, metavar="N", default=None,
                    help="analyse only the Nth function of each file (1-based, as `jlir parse` numbers them)")
    add_reading_options(sp)
    add_jobs(sp)


def load(path: str, pick: int | None, lenient: bool = False) -> tuple[list[Unit], str | None]:
    """The functions of one input to analyse, or the message saying why there are none (unreadable,
    not Julia IR, no function in it, no function N)."""
    parsed, problem = attempt(path, "parsing", lambda: parse(path, lenient=lenient))
    if problem:
        return [], problem[1]
    text, doc = parsed
    fns = jlir.functions(doc)
    if not fns:
        return [], (f"{name(path)}: error: no function in this input (a CFG listing or a statement vector "
                    "holds no IR to analyse)")
    if pick is not None and not 1 <= pick <= len(fns):
        return [], f"{name(path)}: error: --function {pick}: the input has {len(fns)} function{'s' * (len(fns) != 1)}"
    chosen = range(1, len(fns) + 1) if pick is None else (pick,)
    return [Unit(name(path), i, fns[i - 1], doc, text) for i in chosen], None


def header(unit: Unit, fmt: str = "text") -> str:
    """The line naming a unit when several are answered, in a form the output format reads as a comment."""
    where = f"{unit.source}, function {unit.index}"
    if fmt == "dot":
        return f"// {where}\n"
    if fmt == "mermaid":
        return f"%% {where}\n"
    return f"==> {where} <==\n"


def run_each(args, doing: str, answer, fmt: str = "text", output: str | None = None) -> int:
    """`answer(unit) -> (text, status)` for every function of every file; the worst status is the exit status.

    Unreadable input, parse errors and bad `--function` numbers are exit 2 and
    the other files still run; an analysis that raises is reported as a jlir
    bug for that file, never as a traceback.  Every file's problem is said
    before any answer (whether answers get headers depends on all files).  `output` (`-o OUT`, `-` or None:
    standard output): the answers are written to that file at the end, atomically, as `jlir opt -o` does.
    """
    def work(path: str, say) -> tuple[str | None, list]:
        units, problem = load(path, args.function, getattr(args, "lenient", False))
        return problem, [_answered(unit, doing, answer) for unit in units]

    status = EXIT_OK
    answered: list = []
    kept: list[str] = []
    emit = write if output in (None, "-") else kept.append
    for _, (problem, results) in each_file(args, args.files, work):
        if problem:
            err(problem)
            status = EXIT_ERROR
        answered.extend(results)
    several = len(answered) > 1
    flowcharts = []  # Mermaid: one document of all functions' flowcharts, written at the end
    for (source, index), text, st, message, said in answered:
        if said and sys.stderr is not None:
            sys.stderr.write(said)
        if message is not None:
            err(message)
            status = EXIT_ERROR
            continue
        if several and text and fmt == "mermaid":
            flowcharts.append((f"{source}, function {index}", text))
        else:
            if several and text and fmt not in ("json", "located"):
                text = header(Unit(source, index, None, None, ""), fmt) + text
            emit(text)
        status = max(status, st)
    if flowcharts:
        from jlir.html.render import mermaid_document  # the pictures, loaded only for them
        emit(mermaid_document(flowcharts))
    if output not in (None, "-"):
        write_output(output, "".join(kept))
    return status


def _answered(unit: Unit, doing: str, answer) -> tuple:
    """`((source, index), text, status, None, stderr)`, or with the message saying why the unit has no answer;
    what `answer` writes on stderr is kept, to be written in its turn, after every file's problem."""
    where = (unit.source, unit.index)
    saved, sys.stderr = sys.stderr, io.StringIO()
    try:
        text, st = answer(unit)
    except JlirError as e:  # deliberately raised (a branch to a block the text lacks, a refusal): the input's fault
        return where, "", EXIT_ERROR, f"{name(unit.source)}: error: cannot finish {doing} function {unit.index}: {e}", \
            sys.stderr.getvalue()
    except Exception as e:
        return where, "", EXIT_ERROR, internal(unit.source, f"{doing} function {unit.index}", e), sys.stderr.getvalue()
    finally:
        kept, sys.stderr = sys.stderr, saved
    return where, text, st, None, kept.getvalue()
