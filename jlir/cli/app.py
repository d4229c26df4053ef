"""The `jlir` entry point: build the parser from the registered verbs, run one, map interrupts to exit codes."""
from __future__ import annotations

import argparse
import gc
import os
import re
import signal
import sys
import time

import jlir
from jlir.cli.output import EXIT_ERROR, OutputError, err
from jlir.cli.verbs import VERBS


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="jlir", description="Read Julia's printed SSA IR (@code_typed, @code_lowered, IRCode, "
                                 "@code_warntype, CFG listings), analyse and transform it, and print it back "
                                 "exactly as Julia would.",
        epilog="Exit status: 0 ok; 1 a file printed back differently in `roundtrip`, `diff` found the prints "
               "different, `verify` found a problem, `run` ended in a Julia exception, or `snapshot check` found a "
               "change; 2 unreadable or empty input, not Julia IR, output that cannot be written, a pass or the "
               "interpreter refused, or (fetch) no Julia or Julia failed; 130 interrupted; 141 stdout closed.")
    p.add_argument("--version", action="version", version=f"jlir {jlir.__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for verb in VERBS:
        verb.register(sub)
    for parser in (p, *sub.choices.values()):
        parser._negative_number_matcher = NEGATIVE_VALUE  # `--args -1 -Inf -0x05` are values, not options
    return p


NEGATIVE_VALUE = re.compile(r"^-(?:[\d.(]|Inf|NaN|[A-Z]\w*[(\[])")
"""What argparse takes for a value, not an option, where it starts with `-`: a negative Julia number (`-1`, `-1e3`,
`-.5`, `-0x05`, `-1.5f0`), `-Inf`, `-NaN`, `-(…)` and a negated constructor call (`-Int8(5)`).  No option of jlir
looks like one, so argparse's own rule (a bare `-1`) is widened to them; it is a private attribute of
`argparse.ArgumentParser` (Python 3.8 to 3.13)."""


def main(argv: list[str] | None = None, *, process_exit: bool = False) -> int:
    """Run the verb `argv` asks for; its exit status.  `process_exit` (only at the process's entry, `entry`): a
    verb that only reads files and writes text (`parse`, `print`, `roundtrip`: `exit_fast` in its defaults) runs
    with the cyclic collector off (its model has no cycles) and ends the process as soon as its output is flushed,
    without freeing the model (the OS frees it at once; freeing millions of objects one by one takes a
    noticeable part of a big file's run)."""
    started = time.monotonic()
    try:
        if signal.getsignal(signal.SIGINT) is jlir._interrupted_early:  # started: Ctrl-C is reported below now
            signal.signal(signal.SIGINT, signal.default_int_handler)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.reconfigure(encoding="utf-8", errors="backslashreplace")
            except (AttributeError, ValueError):
                pass
        args = build_parser().parse_args(argv)
        # where a verb's time limit counts from (`jlir run --timeout`): this call, or the process's start
        args.started, args.process_entry = started, process_exit
        fast = process_exit and getattr(args, "exit_fast", False)
        if fast:
            gc.disable()
        status = args.func(args)
        _flush_stdout()
        if fast:
            if sys.stderr is not None:  # fd 2 closed: nothing to flush
                sys.stderr.flush()
            os._exit(status)
        return status
    except KeyboardInterrupt:
        err("jlir: interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (`jlir parse … | head`): stop quietly, and keep Python from complaining at exit.
        _silence_stdout()
        return 141
    except OutputError as e:
        _silence_stdout()
        err(f"jlir: error: {e}")
        return EXIT_ERROR


def _flush_stdout() -> None:
    """Flush now, so that a full disk or a closed pipe is reported here and not by Python at exit."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError(f"cannot write to standard output: {e.strerror or e}") from None


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's own flush at exit has nowhere to fail (what could not be
    written is lost either way)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def entry() -> None:
    """The process entry point (`jlir`, `python -m jlir`): `main` with `process_exit`, then exit."""
    sys.exit(main(process_exit=True))
