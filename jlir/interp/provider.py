"""Providers: where the interpreter finds the IR of a function it is asked to call.

A provider has `lookup(callee_text, arg_types) -> Function | None` (and may
have `argnames(callee_text, arg_types)`).  `DumpProvider` serves a directory
of dumps, one function per file, each preceded by comment lines naming the
method instance as Julia prints it and, where the IR names its argument slots
by name only, the argument names:

    # MethodInstance for fib(::Int64)
    # argnames: n
    # sparams: Int32            (the static parameters, `where T`, where the method has some)
    # self: m                   (slot 1's name where it is not `#self#`: a functor's `(m::MyMul)(x)`)
    # no method                 (instead of the IR: no method matches the call, which throws `MethodError`)
    # form: lowered             (a slot form of the method, `lowered` or `typed-unoptimized`: `lookup_form`
                                 serves it; without the line, the optimized `code_typed`, which `lookup` serves)
    # struct Interval: lo, hi   (the structs the code builds with %new; `# mutable struct …` likewise;
                                 a file may hold such lines only)
    CodeInfo(
    …

The key is the callee's name without its module and the argument types:
`fib(::Int64)` (also for a call to `Main.fib`); a call of a closure by the closure's type,
`(::var"#3001#3003"{Int64})(::Int64)`, as Julia prints that method instance.
"""
from __future__ import annotations

import re

from pathlib import Path

from jlir.semantics.names import var_quoted
from jlir.semantics.constants import strip_module
from jlir.semantics.values import JSymbol, JType, split_params


# Base's operator aliases (`const % = rem`): the IR prints the binding, a MethodInstance the function's name.
ALIASES = {"%": "rem", "÷": "div", "≠": "!=", "≤": "<=", "≥": ">=", "∈": "in", "∉": "!in", "⊻": "xor",
           "√": "sqrt", "∛": "cbrt"}


def signature_text(callee: str, arg_types) -> str:
    """`Main.fib`, (`Int64`,) → `fib(::Int64)`: the `MethodInstance for …` text of a call.  A call of a
    struct value (a closure) is named by the value's type, as Julia prints its method instance:
    `(::var"#3001#3003"{Int64})`, (`Int64`,) → `(::var"#3001#3003"{Int64})(::Int64)`."""
    if callee.startswith("(::"):
        name = callee
    else:  # a type's constructor keeps its parameters whole (`MappingRF{F,typeof(Base.add_sum)}`)
        head, brace, params = callee.partition("{")
        name = strip_module(head).rsplit(".", 1)[-1]
        name = ALIASES.get(name, name) + brace + params
    return f"{name}({', '.join('::' + t for t in arg_types)})"


_QUALIFIER = re.compile(r"(?<![\w.!])(?:[A-Za-z_][\w!]*\.)+(?=[A-Za-z_])")


def signature_key(text: str) -> str:
    """A signature with its types' module qualifiers dropped (`iterate(::Base.OneTo{Int64})` →
    `iterate(::OneTo{Int64})`): a MethodInstance line qualifies types not visible in Main, while the types of
    the interpreter's values carry no module (Julia's `typeof` prints them as 1.5 shows them in Main).  A called
    closure (`(::Main.Gen3.var"#3#5")(::UInt64)`) keeps a module other than Main: lowering numbers generated names
    per module, so `Main.Gen3.var"#3#5"` and `Main.Gen21.var"#3#5"` are unrelated closures (as `struct_key` keeps
    them apart), and the interpreter calls a closure value by its type's name with that module."""
    return _QUALIFIER.sub(_unqualified, text)


def _unqualified(m) -> str:
    q = m.group(0)
    called = m.start() == 3 and m.string.startswith("(::") and m.string.startswith('var"#', m.end())
    return q if called and q != "Main." else ""


def parse_sparam(text: str):
    """A static parameter as written on a `# sparams:` line: an integer, a symbol `:a`, a tuple of them
    `(:a, :b)` (a NamedTuple's names), else a type by name."""
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    if text.startswith(":") and text[1:].isidentifier():
        return JSymbol(text[1:])
    if text.startswith("(") and text.endswith(")"):
        return tuple(parse_sparam(t) for t in sparam_texts(text[1:-1]))
    return JType(text)


def sparam_texts(text: str) -> list[str]:
    """The static parameters of a `# sparams:` line, cut at the commas outside brackets (`Int64, (:a, :b)`)."""
    from jlir.semantics.splitting import split_top_level
    return [t.strip() for t in split_top_level(text, ",") if t.strip()]


def _quoted_head(type_name: str) -> str:
    """A struct type's name with its head as `typeof` prints it: a `# struct` line names a closure's struct by
    its bare name (`#3001#3003{Int64}`), Julia's `typeof` as `var"#3001#3003"{Int64}`."""
    head, brace, rest = type_name.partition("{")
    return var_quoted(head) + brace + rest if head and not head.startswith("var\"") and "." not in head else type_name


def struct_key(type_name: str) -> str:
    """A struct's key in a struct table: its name without parameters, as Main sees it (`Main.Interval` →
    `Interval`), except a generated name (a closure's type, `var"#140#141"`) of another module, which keeps its
    module: such names are per module (Base's `var"#140#141"` and Main's are unrelated types), and Julia's
    `typeof` shows a Base closure qualified (`Base.var"#140#141"{…}`)."""
    head = type_name.split("{")[0]
    at = head.find('var"#')
    if at > 0 and head[:at].rstrip(".") != "Main":
        return head
    return _quoted_head(strip_module(head))


class DumpProvider:
    """The functions of a directory of dumps, by the `# MethodInstance for …` line heading each file."""

    def __init__(self, path=None):
        self.path = Path(path) if path is not None else None
        self._functions: dict = {}
        self._forms: dict = {}  # (signature key, slot form) → that form's function
        self._argnames: dict = {}
        self._sparams: dict = {}
        self._vararg: dict = {}
        self._self: dict = {}
        self._no_method: set = set()
        self._structs: dict = {}
        self._field_types: dict = {}
        for file in sorted(self.path.glob("*.txt")) if self.path is not None else ():
            self.add(file.read_text(encoding="utf-8"), str(file))

    def add(self, text: str, name: str = "<dump>") -> None:
        """Serve one more dump, `text` in a dump file's format (`name`: where it came from, for errors)."""
        import jlir
        head, body = [], []
        for line in text.splitlines(keepends=True):
            (head if line.startswith("# ") and not body else body).append(line)
        sig = names = vararg = self_name = None
        form = "typed"
        sparams: tuple = ()
        for line in head:
            if line.startswith("# MethodInstance for "):
                sig = line[len("# MethodInstance for "):].strip()
            elif line.startswith("# argnames:"):
                text = line[len("# argnames:"):].strip()
                names = tuple(n.strip() for n in text.split(",")) if text else ()  # an unnamed one is ''
            elif line.startswith(("# struct ", "# mutable struct ")):
                self._struct_line(line[2:])
            elif line.startswith("# sparams:"):
                sparams = tuple(parse_sparam(t) for t in sparam_texts(line[len("# sparams:"):]))
            elif line.startswith("# no method"):
                form = None
            elif line.startswith("# self:"):
                self_name = line[len("# self:"):].strip()
            elif line.startswith("# vararg:"):
                vararg = line[len("# vararg:"):].strip() == "true"
            elif line.startswith("# form:"):
                form = line[len("# form:"):].strip()
        if sig is None:
            return
        if form is None:  # Julia's answer that no method matches the call: its MethodError
            self._no_method.add(signature_key(sig))
            return
        fns = jlir.functions(jlir.parse("".join(body), name))
        if fns:
            sig = signature_key(sig)
            if form == "typed":
                self._functions[sig] = fns[0]
            else:
                self._forms[(sig, form)] = fns[0]
            self._argnames.setdefault(sig, names)
            if self_name:
                self._self.setdefault(sig, self_name)
            self._sparams.setdefault(sig, sparams)
            self._vararg.setdefault(sig, vararg)

    def _struct_line(self, text: str) -> None:
        """`struct T: a, b` / `mutable struct T{Int64}: n::Int64`: field names, mutability, and the field types
        when every field has one (kept under the type as written, parameters included)."""
        decl, _, fields = text.partition(":")
        full = _quoted_head(decl.split()[-1])
        parts = [f.strip().split("::", 1) for f in split_params(fields)]
        self._structs[struct_key(full)] = (tuple(p[0] for p in parts), decl.startswith("mutable"))
        if parts and all(len(p) == 2 for p in parts):
            self._field_types[signature_key(full)] = tuple(p[1] for p in parts)

    def field_types(self, type_name: str):
        """The field types of struct type `type_name` (with its parameters) from a `# struct` line, or None."""
        return self._field_types.get(signature_key(_quoted_head(type_name)))

    def struct_fields(self, type_name: str):
        """(field names, mutable) of `type_name` from a `# struct` line, or None."""
        return self._structs.get(struct_key(type_name))

    def lookup(self, callee: str, arg_types):
        return self._functions.get(signature_key(signature_text(callee, arg_types)))

    def lookup_form(self, callee: str, arg_types, form: str):
        """The method's IR in slot form `form` (`lowered`, `typed-unoptimized`) when a dump has it, else None."""
        return self._forms.get((signature_key(signature_text(callee, arg_types)), form))

    def argnames(self, callee: str, arg_types):
        return self._argnames.get(signature_key(signature_text(callee, arg_types)))

    def sparams(self, callee: str, arg_types) -> tuple:
        return self._sparams.get(signature_key(signature_text(callee, arg_types)), ())

    def no_method(self, callee: str, arg_types) -> bool:
        """Whether a dump records that no method matches the call (`# no method`): Julia's `MethodError`."""
        return signature_key(signature_text(callee, arg_types)) in self._no_method

    def self_name(self, callee: str, arg_types) -> str | None:
        """Slot 1's name where the dump's `# self:` line gives it (a functor's `m` of `(m::MyMul)(x)`)."""
        return self._self.get(signature_key(signature_text(callee, arg_types)))

    def vararg(self, callee: str, arg_types) -> bool | None:
        """Whether the method's last argument collects the rest (`# vararg: true`); None when the dump does not say."""
        return self._vararg.get(signature_key(signature_text(callee, arg_types)))

    def structs(self) -> dict:
        """struct name → (field names, mutable), from `# struct T: a, b` / `# mutable struct T: a` lines."""
        return dict(self._structs)

    def __len__(self) -> int:
        return len(self._functions)
