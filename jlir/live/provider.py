"""Callee IR from a live Julia, for the interpreter: `jlir run … --julia`.

The interpreter asks a provider for the IR of each function it cannot run
natively (`lookup(callee, arg_types)`, see `jlir.interp.provider`).
`LiveProvider` asks a `jlir.live.Julia` session for `@code_typed` of that
call (`Base.sin(::Float64)`), asks which method that is (its argument names, the
typed print naming arguments by name only; whether it is a vararg; the static
parameters the call binds: the `method` request), and keeps all of it in an
on-disk cache per Julia version, written in `DumpProvider`'s format, so a
second run needs no Julia for the same callees (library functions only: a
`Main` function is the user's own and may change between runs).  A call of a closure (a struct value,
`(::var"#3001#3003"{Int64})(::Int64)`, or any value whose type has a call method: a functor) is asked by its
signature (the `callable` request), in the form the run prefers (`lookup_form`), and never cached: a closure is
the user's code; where Julia matches it to no method, `no_method` says so (the call's `MethodError`).  A callee Julia cannot give
(no such method, a builtin) is None: the interpreter then says
`NotInterpretable`, never guesses.
"""
from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

from jlir.interp.provider import DumpProvider, parse_sparam, signature_key, signature_text, sparam_texts
from jlir.semantics.base_globals import base_global, exported_type, is_library_module, main_binding, type_module
from jlir.semantics.values import JFunction
from jlir.live.errors import LiveError

DEFAULT_CACHE = Path(os.environ.get("JLIR_JULIA_CACHE", Path.home() / ".cache" / "jlir"))


class LiveProvider:
    """Callees' typed IR from `jl` (a `jlir.live.Julia`), cached under `cache/callees-<julia version>/`."""

    def __init__(self, jl, cache: Path | None = DEFAULT_CACHE, defs: str | None = None, defs_name: str = "defs.jl"):
        self.jl = jl
        self.dir = None if cache is None else Path(cache) / f"callees-{jl.version}"
        self.known = DumpProvider(self.dir) if self.dir is not None and self.dir.is_dir() else None
        self._defs = (defs, defs_name) if defs else None
        self._found: dict = {}
        self._structs: dict = {}
        self._callables = DumpProvider()  # the closures' dumps asked this run, every form asked
        self._asked: set = set()          # (signature key, form) of those
        self._globals: dict = {}          # the user's globals asked, name → value (None: not known)
        self._literals: dict = {}         # signature → (print, literal rows) or None, asked this run

    def lookup(self, callee: str, arg_types):
        if callee.startswith("(::"):
            return self._callable(callee, arg_types, "typed").lookup(callee, arg_types)
        return self._entry(callee, arg_types)[0]

    def lookup_form(self, callee: str, arg_types, form: str):
        """A closure's method in slot form `form`; None for other callees (the run then takes their typed IR)."""
        if not callee.startswith("(::"):
            return None
        return self._callable(callee, arg_types, form).lookup_form(callee, arg_types, form)

    def _callable(self, callee: str, arg_types, form: str) -> DumpProvider:
        """The closures' dumps, with `callee`'s in `form` asked of Julia first if it has not been yet."""
        key = (signature_key(signature_text(callee, arg_types)), form)
        if key not in self._asked:
            self._asked.add(key)
            sig = f"Tuple{{{', '.join(julia_type(t) for t in (callee[3:-1], *arg_types))}}}"
            try:
                self._define()
                self._callables.add(self.jl.callable_dump(sig, form), f"<Julia: {sig}>")
            except LiveError:
                pass  # not a signature Julia can name: the run says NotInterpretable
        return self._callables

    def no_method(self, callee: str, arg_types) -> bool:
        """Whether Julia matched the call of a value (`(::MyMul)(::Int64)`) to no method: its `MethodError`."""
        return callee.startswith("(::") and self._callable(callee, arg_types, "typed").no_method(callee, arg_types)

    def _entry(self, callee: str, arg_types) -> tuple:
        """(function, argnames, sparams, vararg) of a callee: from this run, the disk cache, or Julia."""
        key = signature_key(signature_text(callee, arg_types))
        if key not in self._found:
            known = self.known
            if (known is not None and _cacheable(callee, arg_types) and known.lookup(callee, arg_types) is not None
                    and _names_fit(known.argnames(callee, arg_types), known.vararg(callee, arg_types), arg_types)):
                self._found[key] = (known.lookup(callee, arg_types), known.argnames(callee, arg_types),
                                    known.sparams(callee, arg_types), known.vararg(callee, arg_types))
            else:
                self._found[key] = self._fetch(callee, tuple(arg_types), signature_text(callee, arg_types))
        return self._found[key]

    def argnames(self, callee: str, arg_types):
        if callee.startswith("(::"):
            return self._callables.argnames(callee, arg_types)
        return self._entry(callee, arg_types)[1]

    def sparams(self, callee: str, arg_types) -> tuple:
        if callee.startswith("(::"):
            return self._callables.sparams(callee, arg_types)
        return self._entry(callee, arg_types)[2]

    def self_name(self, callee: str, arg_types) -> str | None:
        """Slot 1's name in a callable's method where it is not `#self#` (a functor's `(m::MyMul)(x)`)."""
        return self._callables.self_name(callee, arg_types) if callee.startswith("(::") else None

    def vararg(self, callee: str, arg_types) -> bool | None:
        if callee.startswith("(::"):
            return self._callables.vararg(callee, arg_types)
        return self._entry(callee, arg_types)[3]

    def structs(self) -> dict:
        return self.known.structs() if self.known is not None else {}

    def missing_hint(self) -> str:
        """Why a callee has no IR though a live Julia was asked (the refusal must not recommend `--julia`)."""
        return ("the live Julia has no such method, or cannot print it: a method of the user's code needs "
                "`--defs FILE`")

    def global_value(self, name: str):
        """The value of the constant global `name` of the user's code (`Main.MyPkg.SCALE`, `Main.N`), as Julia
        binds it: a number, Bool, Char, Symbol, String or nothing, a type, a function (by its owner's name:
        `Main.MyPkg.length` is `Base.length` where the module took it from Base); None where Julia has no such
        constant or the interpreter has no form for it."""
        if name not in self._globals:
            from jlir.interp.encoding import decode
            from jlir.semantics.values import JFunction, JType, NotInterpretable
            try:
                self._define()
                owner, const, kind, text = self.jl.global_info(name)
                bare = name.rpartition(".")[2]
                value = (JFunction(f"{owner}.{bare}") if kind == "function" else JType(text) if kind == "type"
                         else decode(text) if kind == "value" else None) if const else None
            except (LiveError, NotInterpretable):
                value = None
            self._globals[name] = value
        return self._globals[name]

    def literal_types(self, callee: str, arg_types):
        """(print, rows) of the optimized `code_typed` of `callee` called with `arg_types` (`literal_signature`)."""
        f = callee[3:-1] if callee.startswith("(::") else f"Core.Typeof({julia_callee(callee)})"
        return self.literal_signature(f"Tuple{{{', '.join([f, *(julia_type(t) for t in arg_types)])}}}")

    def literal_signature(self, signature: str):
        """(print, rows) of the optimized `code_typed` of the method instance `signature` names (`Julia.literal_info`:
        the types of its number literals, which its print does not show), or None where Julia cannot name it."""
        if signature not in self._literals:
            try:
                self._define()
                self._literals[signature] = self.jl.literal_info(signature)
            except LiveError:
                self._literals[signature] = None
        return self._literals[signature]

    def _define(self) -> None:
        """Evaluate the run's definitions (`--defs`) in the session's Main, once, before the first question that
        may be about them (a struct, a closure; a callee's fetch passes them itself)."""
        defs, self._defs = self._defs, None
        if defs:
            self.jl.define(defs[0], defs[1])

    def _struct(self, type_name: str):
        if type_name not in self._structs:
            try:
                self._define()
                self._structs[type_name] = self.jl.struct_info(type_name)
            except LiveError:
                self._structs[type_name] = None
        return self._structs[type_name]

    def struct_fields(self, type_name: str):
        """(field names, mutable) of the struct type `type_name` (as the IR qualifies it), asked of Julia
        (`fieldnames`), or None when Julia knows no such struct type."""
        info = self._struct(type_name)
        return None if info is None else (tuple(n for n, _ in info[1]), info[0])

    def field_types(self, type_name: str):
        """The declared types of the fields of `type_name` (Julia's `fieldtypes`, as it prints them), or None."""
        info = self._struct(type_name)
        return None if info is None else tuple(t for _, t in info[1])

    def _fetch(self, callee: str, arg_types: tuple, key: str) -> tuple:
        target = f"{julia_callee(callee)}({', '.join('::' + julia_type(t) for t in arg_types)})"
        defs = self._defs
        self._defs = None  # evaluated once, in the session's Main
        try:
            typed = self.jl.code_typed(target, defs=defs[0] if defs else None,
                                       defs_name=defs[1] if defs else "defs.jl")
            method = self.jl.method_info(target)
        except LiveError:
            return None, None, (), None
        names = method["argnames"]
        sparams = tuple(parse_sparam(t) for t in sparam_texts(method["sparams"]))
        if self.dir is not None and _cacheable(callee, arg_types):
            self._store(key, names, method["sparams"], method["vararg"], typed.text)
        return typed.function, names, sparams, method["vararg"]

    def _store(self, key: str, names, sparams: str, vararg: bool, text: str) -> None:
        """One cache file, written atomically: the DumpProvider heading, then Julia's print."""
        self.dir.mkdir(parents=True, exist_ok=True)
        head = (f"# MethodInstance for {key}\n" + (f"# argnames: {', '.join(names)}\n" if names else "") +
                (f"# sparams: {sparams}\n" if sparams else "") + f"# vararg: {'true' if vararg else 'false'}\n")
        name = hashlib.sha256(key.encode("utf-8")).hexdigest()[:20] + ".txt"
        fd, tmp = tempfile.mkstemp(dir=self.dir, prefix=".tmp-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(head + text)
        os.replace(tmp, self.dir / name)


def julia_callee(callee: str) -> str:
    """A callee as Julia source: `Base.+` → `Base.:(+)` (an operator after a module must be quoted),
    `Base.#string#336` → `Base.var"#string#336"`; a type's constructor, `Generator{Array{Int64,1},var"#2#3"}`,
    as `julia_type` makes it nameable in Main (`Base.Generator{…}`)."""
    if "{" in callee and not callee.startswith("("):
        return julia_type(callee)
    module, dot, name = callee.rpartition(".")
    if name.startswith('var"'):
        return callee
    if "#" in name:  # a keyword body or a closure's function, `Base.#string#336`: only `var"…"` names it
        return f'{module}.var"{name}"' if dot else f'var"{name}"'
    if re.fullmatch(r"[A-Za-z_][\w!]*", name) or not name:
        return callee
    return f"{module}.:({name})" if dot else f"({name})"


_NAME = re.compile(r"(?<![\w.!])[A-Za-z_]\w*")


def julia_type(text: str) -> str:
    """A type as the interpreter prints it, made nameable in Main: Base's types that Main cannot name bare get
    their module (`OneTo{Int64}` → `Base.OneTo{Int64}`, as Julia's `typeof` prints it there)."""
    def qualify(m):
        module = type_module(m.group(0))
        return f"{module}.{m.group(0)}" if module else m.group(0)
    return _NAME.sub(qualify, _TYPEOF.sub(_qualified_function, text))


_TYPEOF = re.compile(r"(?<![\w.])typeof\(([A-Za-z_]\w*!?)\)")


def _qualified_function(m) -> str:
    """`typeof(add_sum)` → `typeof(Base.add_sum)`: a function of Base's that Main does not see (the interpreter
    prints a function's type by its bare name; Julia's `typeof` shows the module where Main cannot name it)."""
    name = m.group(1)
    if main_binding(name) is None and type(base_global("Base", name, None)) is JFunction:
        return f"typeof(Base.{name})"
    return m.group(0)


def _names_fit(names, vararg, arg_types) -> bool:
    """Whether a cached entry's argument names can describe the call: an older cache left out an unnamed
    argument's name (a keyword body's `::typeof(f)`), misplacing the rest: such an entry is asked again."""
    return not names or bool(vararg) or len(names) == len(arg_types)


def _cacheable(callee: str, arg_types=()) -> bool:
    """Only library code is cached: a `Main` function is the user's, and changes between runs.  So is a library
    method's instance for a type of the user's (`collect_to_with_first!(…, ::Generator{Array{Int64,1},var"#1#2"},
    …)`, `map(::typeof(myf), …)`): Julia specialises it for that type and inlines the user's code into it, and the
    next run's closure `var"#1#2"` is another (lowering numbers closures afresh in every session)."""
    return "." in callee and not callee.startswith("Main.") and all(_library_type(t) for t in arg_types)


_WORD = re.compile(r'var"[^"]*"|#\w*|(?<![\w!])(?:[A-Za-z_][\w!]*\.)*[A-Za-z_][\w!]*')


def _library_type(text: str) -> bool:
    """Whether every name in a type's text is Base's or Core's (a name Main sees from them, or one qualified by
    them); a generated name, a `Main.` name or any other bare name is the user's (or a type variable: not cached
    either, which costs only a question to Julia)."""
    bound = {v.strip().split("<:")[0].strip() for w in re.findall(r"where\s*\{?([^{}]*)", text) for v in w.split(",")}
    for m in _WORD.finditer(text):
        word = m.group(0)
        module, _, bare = word.rpartition(".")
        if word == "where" or word in bound:   # `Vararg{Any,N} where N`: a type variable
            continue
        if word.startswith(("var\"", "#")) or bare.startswith(("var\"", "#")):
            return False
        if module:
            if not is_library_module(module):
                return False
        elif not (exported_type(bare) or type_module(bare) is not None or main_binding(bare) is not None):
            return False
    return True
