"""Base's common methods built in: the typed IR Julia 1.5.3 prints for the Base methods ordinary code calls
most, shipped as package data (`data/base-1.5.3.txt.gz`, written by scripts/gen/gen_base_methods.py), so that
`jlir run` runs arithmetic, comparisons, conversions, ranges, vectors and strings with no Julia installed.

`BaseProvider` serves it as a `DumpProvider` would (same entries: `# MethodInstance for …`, `# argnames:`,
`# sparams:`, `# vararg:`, then Julia's print), reading the file once and parsing an entry only when a run asks
for that method: a run needs a handful of the methods, and parsing them all would cost seconds.  What is not
there is the caller's `NotInterpretable`, whose message says `--julia auto` would fetch it.
"""
from __future__ import annotations

import gzip
import re
from functools import lru_cache
from pathlib import Path

from jlir.interp.provider import ALIASES, DumpProvider, module_blind, signature_key, signature_text
from jlir.semantics.base_globals import main_binding, seen_name
from jlir.semantics.values import JType

DATA = Path(__file__).parent / "data" / "base-1.5.3.txt.gz"
JULIA_VERSION = "1.5.3"


@lru_cache(maxsize=2)
def _entries(path: Path) -> dict:
    """signature key → that entry's text, of the data file at `path`."""
    if not path.is_file():
        return {}
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        text = fh.read()
    out: dict = {}
    for entry in text.split("\f\n"):
        head = entry.split("\n", 1)[0]
        if head.startswith("# MethodInstance for "):  # a callable's forms share one key: each is kept
            out.setdefault(signature_key(head[len("# MethodInstance for "):].strip()), []).append(entry)
        elif head.startswith(("# struct ", "# mutable struct ")):
            out[STRUCTS] = [entry]
    return out


STRUCTS = "# struct"  # the entry of `# struct T: a::A, …` lines: the structs' field names (no signature key)


def _base_callee(callee: str) -> bool:
    """Whether `callee` may be Base's: a name in Base or Core, or a name of `Main` (or of another module of the
    user's, `Main.MyPkg.length`) that it takes from Base or Core (`Main.repeat`, a slot form's spelling of
    `repeat`; as for the globals, the user's modules are assumed not to shadow Base's exports), and Base's own
    callables (keyword sorters, closures); not the user's."""
    if callee.startswith("(::"):  # a callable: Base's own (a keyword sorter, a closure of Base's) only
        return callee.startswith("(::Base.")
    module, _, bare = seen_name(callee.partition("{")[0]).rpartition(".")  # `Dict{Int64,Nothing}`: its constructor
    if module.startswith("Core.Compiler"):  # its own copies of Base's functions, with other method tables
        return False
    if module.split(".")[0] in ("Base", "Core"):
        return True
    found = main_binding(ALIASES.get(bare, bare)) if module in ("", "Main") else None
    return found is not None and found[0] == "global" and found[1].split(".")[0] in ("Base", "Core")


# A closure type of the user's (`var"#290#291"`, `Main.Gen18.var"#3#4"{Int64}`; not Base's `Base.var"#89#90"`),
# its parameters included, and the one name the data gives every such type.
_USER_CLOSURE = re.compile(r'(?<![\w."])(?:Main\.(?:[A-Za-z_]\w*\.)*)?var"#\d+#\d+"(\{(?:[^{}]|\{[^{}]*\})*\})?')
CLOSURE = 'var"#closure"'


def closure_generic(arg_types, callee: str = "") -> tuple | None:
    """(the argument types with the user's closure type named `CLOSURE`, that type, the callee so named) where
    exactly one closure type of the user's is among them and in the callee (a constructor `Generator{Array{Int64,1},
    var"#3#4"}`), else None.  A closure's type is a new struct type whose only supertypes are `Function` and
    `Any`, so a Base method's dispatch cannot tell one closure from another (`filter(f, a::Array)` is chosen for
    any), and the method's lowered code (`code_lowered`: the method's, not an instance's) is the same whichever
    closure is passed: the data's entry for one closure serves every other."""
    found = [m.group(0) for t in (callee, *arg_types) for m in _USER_CLOSURE.finditer(t)]
    if not found or len({module_blind(c) for c in found}) != 1:
        return None
    return tuple(_USER_CLOSURE.sub(CLOSURE, t) for t in arg_types), found[0], _USER_CLOSURE.sub(CLOSURE, callee)


class BaseProvider:
    """The built-in Base methods (Julia 1.5.3's typed IR), parsed on first use; a Base method called with a
    closure of the user's (`filter(::var"#290#291", ::Array{Float64,1})`: no instance of it can be built in) runs
    its method's lowered code (`closure_generic`), as a lowered print's call would dispatch at run time."""

    def __init__(self, path: Path = DATA):
        self._entries = _entries(Path(path))
        self._dumps = DumpProvider()
        self._loaded: set = set()
        if STRUCTS in self._entries:
            self._dumps.add(self._entries[STRUCTS][0], f"<jlir's built-in Base {JULIA_VERSION}: structs>")

    def _load(self, callee: str, arg_types) -> str | None:
        key = signature_key(signature_text(callee, arg_types))
        if key not in self._loaded:
            self._loaded.add(key)
            for entry in self._entries.get(key, ()):
                self._dumps.add(entry, f"<jlir's built-in Base {JULIA_VERSION}: {key}>")
        return key

    def lookup(self, callee: str, arg_types):
        if not _base_callee(callee):
            return None
        self._load(callee, arg_types)
        found = self._dumps.lookup(callee, arg_types)
        generic = closure_generic(arg_types, callee) if found is None else None
        if generic is None:
            return found
        self._load(generic[2], generic[0])
        return self._dumps.lookup_form(generic[2], generic[0], "lowered")

    def _served(self, callee: str, arg_types) -> tuple:
        """(callee, argument types) the data holds the call's method under: the call's own, or its closure-generic."""
        self._load(callee, arg_types)
        if self._dumps.lookup(callee, arg_types) is not None:
            return callee, tuple(arg_types)
        generic = closure_generic(arg_types, callee)
        if generic is not None:
            self._load(generic[2], generic[0])
            if self._dumps.lookup_form(generic[2], generic[0], "lowered") is not None:
                return generic[2], generic[0]
        return callee, tuple(arg_types)

    def lookup_form(self, callee: str, arg_types, form: str):
        """A Base callable's method (a keyword sorter, a Base closure) in slot form `form`."""
        if not _base_callee(callee):
            return None
        self._load(callee, arg_types)
        return self._dumps.lookup_form(callee, arg_types, form)

    def argnames(self, callee: str, arg_types):
        return self._dumps.argnames(*self._served(callee, arg_types))

    def sparams(self, callee: str, arg_types) -> tuple:
        """The static parameters; of a closure-generic entry, `CLOSURE` in them is the call's closure type (`map(f::F,
        …) where F` binds F to it)."""
        served = self._served(callee, arg_types)
        found = self._dumps.sparams(*served)
        if served == (callee, tuple(arg_types)):
            return found
        closure = closure_generic(arg_types, callee)[1]
        return tuple(JType(p.name.replace(CLOSURE, closure)) if type(p) is JType else p for p in found)

    def vararg(self, callee: str, arg_types):
        return self._dumps.vararg(*self._served(callee, arg_types))

    def self_name(self, callee: str, arg_types):
        self._load(callee, arg_types)
        return self._dumps.self_name(callee, arg_types)

    def no_method(self, callee: str, arg_types) -> bool:
        self._load(callee, arg_types)
        return self._dumps.no_method(callee, arg_types)

    def structs(self) -> dict:
        return self._dumps.structs()

    def struct_fields(self, type_name: str):
        return self._dumps.struct_fields(type_name)

    def field_types(self, type_name: str):
        return self._dumps.field_types(type_name)

    def __len__(self) -> int:
        return sum(len(v) for k, v in self._entries.items() if k != STRUCTS)
