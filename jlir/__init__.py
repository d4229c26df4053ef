"""jlir: read Julia's printed SSA IR into Python objects, analyse it, and print it back exactly.

    >>> import jlir
    >>> doc = jlir.parse(open("dump.txt").read())
    >>> jlir.format(doc) == open("dump.txt").read()
    True

    >>> jlir.parse_statement("Base.add_int(%3, 1)::Int64")     # one row's statement, for a pass to insert

The package face only names what lives elsewhere: the model (`jlir.ir`), the printer (`jlir.printer`), the reader
(`jlir.syntax.reading`, `jlir.syntax.rows.fragments` for one statement, type or value, and
`jlir.syntax.readback` for JSON).  The reader's and the printer's names are imported on
first use: the model and the printer work without the reader's dependency (Lark), and `import jlir` stays light.
"""
import sys as _sys  # `sys` and `_signal` are loaded before any Python code runs: importing them runs none
import _signal  # (the C module: `signal` imports `enum`, which takes a while to load)

_os = __import__("posix" if "posix" in _sys.builtin_module_names else "nt")  # built in: `os` is Python code


def _interrupted_early(signum, frame):  # pragma: no cover - exercised by a subprocess test
    """Ctrl-C while the `jlir` command is still starting (importing): its message and exit status, no traceback.
    `jlir.cli.app.main` hands SIGINT back to Python's own handler once it runs, and reports it there.  It imports
    nothing: a SIGINT inside an import of `collections.abc` made its `import os` an ImportError traceback."""
    try:
        _os.write(2, b"jlir: interrupted\n")
    finally:
        _os._exit(130)


# The `jlir` command (`jlir …`, `python -m jlir …`, `python -m jlir.cli …`) starts here: these are the first
# instructions of jlir's code that run (no `from __future__` import before them: that one imports a module, and a
# Ctrl-C during it would still be Python's traceback).  Before them only Python's own start-up runs (its `site`
# module and the environment's `.pth` files, `runpy` for `-m`), which jlir cannot reach.
_argv0 = _sys.argv[0] if _sys.argv else ""
if _argv0 == "-m" or _argv0.rpartition("/")[2] in ("jlir", "jlir-python"):  # bin/jlir runs bin/jlir-python
    _signal.signal(_signal.SIGINT, _interrupted_early)

from importlib import import_module  # noqa: E402

from jlir.ir.errors import JlirError  # noqa: E402
from jlir.ir.function import CFGListing, Document, Form, Function, Unreadable, VectorDisplay
from jlir.ir.items import functions
from jlir.printer import text as _text  # noqa: F401  (registers the printer `str()` of the model calls)
from jlir.syntax.errors import ParseError

__version__ = "0.1.0"
__all__ = ["JlirError", "parse", "parse_file", "format", "functions", "to_json", "from_json", "ParseError", "Document",
           "Function", "Form", "CFGListing", "VectorDisplay", "Unreadable", "parse_statement", "parse_type",
           "parse_value"]

# name → (module, name there), imported on first use: the reader imports Lark, and `import jlir` stays light
_LAZY = {"parse": ("jlir.syntax.reading", "parse"), "parse_file": ("jlir.syntax.reading", "parse_file"),
         "from_json": ("jlir.syntax.readback", "from_json"), "format": ("jlir.printer.forms", "format_model"),
         "to_json": ("jlir.json.encode", "to_json"),
         # IR built from text (a statement, a type, a value), read as a dump's rows are: for passes written by hand
         "parse_statement": ("jlir.syntax.rows.fragments", "parse_statement"),
         "parse_type": ("jlir.syntax.rows.fragments", "parse_type"),
         "parse_value": ("jlir.syntax.rows.fragments", "parse_value")}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'jlir' has no attribute {name!r}")
    module, attr = _LAZY[name]
    return getattr(import_module(module), attr)
