"""How scripts/gen/gen_base_methods.py runs the calls (base_calls.py) and the records it is given with a live
Julia 1.5.3 as the callee provider, counting every callee a run needed (`Counting`): the methods it keeps.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from base_calls import closure_calls, grid, keyword_calls, snippets, values_of

def run_closure_calls(provider, argument):
    """Each of `closure_calls()` run with a closure defined in the session's Main: the Base method it reaches
    with a closure is kept in its lowered form under `CLOSURE` (`Counting.lookup`), and its callees as usual."""
    from jlir import interp
    from jlir.semantics.values import JStruct
    for k, (f, body, vectors) in enumerate(closure_calls()):
        name = f"_jlir_closure_{k}"
        # capturing `c` (unused): a callable struct the live provider asks Julia for by its type (a singleton
        # closure is a function it would ask by name); dispatch takes it as any other closure
        head, _, expr = body.partition(" -> ")
        provider.inner.jl.define(f"const {name} = typeof(let c = 0; {head} -> (c; {expr}) end)", "closures.jl")
        closure = provider.inner.jl.global_info(f"Main.{name}")[3]
        for text in vectors:
            provider.seen = set()
            vector = argument(text)
            types = (closure, f"Array{{{vector.eltype},1}}")
            fn = provider.lookup(f"Base.{f}", types)
            if fn is None:
                continue
            try:
                interp.run(fn, [JStruct(closure, (0,), ("c",)), vector], provider, name=f"Base.{f}",
                           argnames=provider.argnames(f"Base.{f}", types),
                           sparams=provider.sparams(f"Base.{f}", types), max_steps=200_000, timeout=10.0)
            except (interp.NotInterpretable, ValueError):
                pass


def run_snippets(provider, argument):
    """Each of `snippets()` as a function of the session's Main, its `optimize=false` and lowered forms run: their
    callees are what the same code of a user's calls (the function itself is the user's: not kept)."""
    import jlir
    from jlir import interp
    from jlir.live.errors import LiveError
    for k, (expr, types, texts) in enumerate(snippets()):
        names = "abc"[:len(types)]
        name = f"_jlir_snippet_{k}"
        provider.inner.jl.define(f"{name}({', '.join(names)}) = {expr}", "snippets.jl")
        target = f"Main.{name}({', '.join('::' + t for t in types)})"
        for form in ("typed-unoptimized", "lowered"):
            provider.seen = set()
            try:
                fn = provider.inner.jl.fetch(target, form).function
                interp.run(fn, [argument(t) for t in texts], provider, argnames=list(names), max_steps=200_000,
                           timeout=10.0)
            except (interp.NotInterpretable, ValueError, jlir.JlirError, LiveError):
                pass


def run_keyword_calls(provider, argument):
    """Each of `keyword_calls()` run in its three forms (the sorter's slot forms are what `optimize=false` and
    lowered code call; its body's callees, `#foldl#205`, `_foldl_impl`, are counted as the runs reach them)."""
    from jlir import interp
    from jlir.semantics.values import JFunction
    for callee, types, texts in keyword_calls():
        provider.seen = set()
        values = [argument(texts[0]), JFunction(f"Base.{texts[1]}"), JFunction(f"Base.{texts[2]}"),
                  argument(texts[3])]
        for form in ("typed", "typed-unoptimized", "lowered"):
            fn = provider.lookup(callee, types) if form == "typed" else provider.lookup_form(callee, types, form)
            if fn is None:
                continue
            try:
                interp.run(fn, values, provider, argnames=provider.argnames(callee, types), max_steps=200_000,
                           timeout=10.0)
            except (interp.NotInterpretable, ValueError):
                pass


def _base_typeof(text: str) -> str:
    """`typeof(add_sum)` (the interpreter's name of a function's type) as Julia source: the function Base's
    (`typeof(Base.add_sum)`, `typeof(Base.:(:))`), the only functions a closure-generic call passes besides it."""
    import re
    return re.sub(r"typeof\(([^().{}]+)\)", lambda m: f"typeof(Base.{m.group(1)})" if m.group(1).isidentifier()
                  else f"typeof(Base.:({m.group(1)}))", text)


def _base_callee(callee: str) -> bool:
    from jlir.interp.builtin import _base_callee as base
    return base(callee)


class Counting:
    """A provider that asks `inner` and counts each callee it had IR for (once per run: `runs` sets)."""

    def __init__(self, inner):
        self.inner, self.count, self.seen, self.recorded, self.callables = inner, Counter(), set(), {}, {}
        from jlir.interp.provider import DumpProvider
        self.generic, self.generic_run = {}, DumpProvider()  # closure-generic entries: as kept, as run here

    def lookup(self, callee, arg_types):
        if callee.startswith("Main.") and _base_callee(callee):
            from jlir.semantics.base_globals import seen_name
            callee = "Base." + seen_name(callee)  # `Main.repeat`, `Main.MyPkg.repeat` are Base's: asked as Base's
        from jlir.interp.builtin import closure_generic
        generic = closure_generic(arg_types, callee) if _base_callee(callee) and not callee.startswith(("(::", "Core.")) \
            else None  # (Core's are builtins: `Core.apply_type`, `Core.tuple`)
        if generic is not None:
            return self._closure_generic(callee, tuple(arg_types), generic)
        self._store_callable(callee, arg_types)
        fn = self.inner.lookup(callee, arg_types)
        if fn is not None and "." not in callee and not callee.startswith("(::") and _base_callee(callee):
            self._store_bare(callee, arg_types)
        if fn is not None and not callee.startswith(("Main.", "(::")) and (_base_callee(callee) or "." in callee):
            from jlir.interp.provider import signature_key, signature_text
            key = signature_key(signature_text(callee, arg_types))
            if key not in self.seen:
                self.seen.add(key)
                self.count[key] += 1
        return fn

    def lookup_form(self, callee, arg_types, form):
        self._store_callable(callee, arg_types)
        return self.inner.lookup_form(callee, arg_types, form)

    def _closure_generic(self, callee, arg_types, generic):
        """The lowered code of the Base method a call with a closure reaches (jlir.interp.builtin.closure_generic),
        asked of Julia once, kept under the generic key; None for a generated function (its lowered code is the
        instance's) or where the closure's name is in the code (then it is not the method's alone)."""
        from jlir.interp.builtin import CLOSURE
        from jlir.interp.provider import signature_key, signature_text
        from jlir.live.errors import LiveError
        from jlir.live.provider import julia_callee, julia_type
        key = signature_key(signature_text(generic[2], generic[0]))
        if key not in self.generic:
            self.generic[key] = None
            named = [_base_typeof(julia_type(t)) for t in arg_types]
            types = ", ".join(named)
            head = f"({julia_type(callee)})" if "{" in callee else julia_callee(callee)  # a constructor
            target = f"{head}({', '.join('::' + t for t in named)})"
            try:
                self.inner.jl.define(f"let m = Base.which({head}, Tuple{{{types}}}); isdefined(m, "
                                     ":generator) && m.generator !== nothing && error(\"generated\"); end", "closures.jl")
                text, method = self.inner.jl.fetch(target, "lowered").text, self.inner.jl.method_info(target)
            except LiveError:
                return None
            if generic[1] in text:
                return None
            head = (f"# argnames: {', '.join(method['argnames'])}\n" if method["argnames"] else "") + \
                (f"# sparams: {method['sparams']}\n" if method["sparams"] else "") + \
                f"# vararg: {'true' if method['vararg'] else 'false'}\n# form: lowered\n"
            self.generic[key] = f"# MethodInstance for {key}\n" + head.replace(generic[1], CLOSURE) + text
        if self.generic[key] is None:
            return None
        self.count[key] += key not in self.seen
        self.seen.add(key)
        if self.generic_run.lookup_form(callee, arg_types, "lowered") is None:  # as this run's closure names it
            kept = self.generic[key].split("\n", 1)[1].replace(CLOSURE, generic[1])
            self.generic_run.add(f"# MethodInstance for {signature_text(callee, arg_types)}\n{kept}")
        return self.generic_run.lookup_form(callee, arg_types, "lowered")

    def argnames(self, callee, arg_types):
        if self.generic_run.lookup_form(callee, arg_types, "lowered") is not None:
            return self.generic_run.argnames(callee, arg_types)
        return self.inner.argnames(callee, arg_types)

    def sparams(self, callee, arg_types):
        if self.generic_run.lookup_form(callee, arg_types, "lowered") is not None:
            return self.generic_run.sparams(callee, arg_types)
        return self.inner.sparams(callee, arg_types)

    def vararg(self, callee, arg_types):
        if self.generic_run.lookup_form(callee, arg_types, "lowered") is not None:
            return self.generic_run.vararg(callee, arg_types)
        return self.inner.vararg(callee, arg_types)

    def _store_callable(self, callee, arg_types):
        """A call of Base's own callable (`(::Base.var"#string##kw")(…)`, a keyword sorter; a Base closure): the
        same in every session of this Julia, so its three forms are kept (the live provider caches no callable)."""
        if not callee.startswith("(::Base.") or (callee, tuple(arg_types)) in self.callables:
            return
        from jlir.live.errors import LiveError
        from jlir.live.provider import julia_type
        sig = f"Tuple{{{', '.join(julia_type(t) for t in (callee[3:-1], *arg_types))}}}"
        try:
            self.callables[(callee, tuple(arg_types))] = [self.inner.jl.callable_dump(sig, form)
                                                          for form in ("typed", "typed-unoptimized", "lowered")]
        except LiveError:
            self.callables[(callee, tuple(arg_types))] = []

    def _store_bare(self, callee, arg_types):
        """A callee the IR names bare (`Dict{Int64,Nothing}(…)`, `%`): Main's, which is Base's; the live provider
        does not cache such names (a bare name may be the user's), so its entry is written here."""
        from jlir.interp.provider import signature_text
        from jlir.live.errors import LiveError
        from jlir.live.provider import julia_callee, julia_type
        head = f"({callee})" if "{" in callee else julia_callee(callee)
        target = f"{head}({', '.join('::' + julia_type(t) for t in arg_types)})"
        try:
            typed, method = self.inner.jl.code_typed(target), self.inner.jl.method_info(target)
        except LiveError:
            return
        self.inner._store(signature_text(callee, arg_types), method["argnames"], method["sparams"],
                          method["vararg"], typed.text)

    def struct_fields(self, type_name):
        """A struct's field names (and types) as Julia gave them: kept for the `# struct` lines of the data."""
        found = self.inner.struct_fields(type_name)
        if found is not None and not type_name.startswith("Main.") and not any(c in type_name for c in ': "|#'):
            self.recorded[type_name] = (found, self.inner.field_types(type_name))
        return found

    def __getattr__(self, name):
        return getattr(self.inner, name)


def run_grid(provider, argument, cells=None):
    from jlir import interp
    for callee, types in cells if cells is not None else grid():
        provider.seen = set()
        fn = provider.lookup(callee, types)
        if fn is None:
            continue
        try:
            interp.run(fn, values_of(types, argument), provider, argnames=provider.argnames(callee, types),
                       sparams=provider.sparams(callee, types), vararg=bool(provider.vararg(callee, types)),
                       max_steps=200_000, timeout=5.0)
        except (interp.NotInterpretable, ValueError):
            pass


def run_folder(provider, folder: Path):
    """Every row of a gen_interp_sample/gen_interp_calls folder, in each form it holds."""
    import jlir
    from jlir import interp
    from check_interp_sample import literal_args, sparams_of
    for line in (folder / "index.tsv").open(encoding="utf-8"):
        ident, fname, args, argnames, sparams, kind, rtype, rrepr, isva = (line.rstrip("\n").split("\t") + [""] * 9)[:9]
        for form in ("typed", "unoptimized", "lowered"):
            path = folder / f"{ident}.{form}.txt"
            if not path.is_file():
                continue
            provider.seen = set()
            try:
                fn = jlir.functions(jlir.parse_file(path))[0]
                interp.run(fn, literal_args(args), provider, argnames=argnames.split(",") if argnames else [],
                           sparams=sparams_of(sparams), vararg=isva == "true", max_steps=2_000_000, timeout=10.0,
                           name=f"Base.{fname}")
            except Exception:  # refused or crashed: what it asked for is counted all the same
                pass


def run_forms(provider, path: Path):
    """Each argument form of `path` (one a line: tests/data/arguments/forms.txt) evaluated as `jlir run --args`
    evaluates it: its calls (`typemax(Int8)`, `zeros(3)`, `2im`) run Base's methods, which are counted."""
    from jlir.cli.literals import LiteralError, argument
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            provider.seen = set()
            try:
                argument(line, provider)
            except LiteralError:
                pass


def run_records(provider, path: Path):
    """The interpreter row of every record of an oracle record file (`oracle.py --from … --recorded-callees`),
    each form: the records' typed prints serve their own methods first, the rest is asked of `provider`."""
    import gzip as gz
    import json
    from jlir.oracle.interp import INTERP_FORMS, Chain, RecordCallees, check_interp
    opener = gz.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    chain = Chain(RecordCallees(records), provider)
    for record in records:
        for _, key in INTERP_FORMS if "interp" in record else ():
            if key in record:
                provider.seen = set()
                try:
                    check_interp(record, chain, key)
                except Exception:  # refused or crashed: what it asked for is counted all the same
                    pass
