"""Write jlir/interp/data/base-1.5.3.txt.gz: the typed IR of the Base methods ordinary code calls, from Julia 1.5.3,
so that `jlir run` needs no Julia for them (jlir.interp.builtin.BaseProvider serves the file).

    JLIR_JULIA=<julia 1.5.3> python3 scripts/gen/gen_base_methods.py [--sample DIR] [--calls DIR] [--cases]
    JLIR_JULIA=<julia 1.5.3> python3 scripts/gen/gen_base_methods.py --merge --forms FILE   # add to the data
    JLIR_JULIA=<julia 1.5.3> python3 scripts/gen/gen_base_methods.py --merge --keyword-calls --records FILE

Which methods: the callees the interpreter asks for while it runs
  * a grid of the commonest operations (arithmetic, comparison, conversion, bit operations, ranges and their
    iteration, vectors, strings) on every bits type Base code handles most (`GRID`), each run on small values;
  * the method instances of a Base sample (`--sample`, scripts/gen/gen_interp_sample.jl's folder), and of folders
    of recorded calls (`--calls`, scripts/gen/gen_interp_calls.jl's), in every form they have;
  * the argument forms `jlir run --args` evaluates (`--forms`, tests/data/arguments/forms.txt);
  * the keyword calls of generated programs (`--keyword-calls`: `foldl(+, v; init=zero(T))` of every number
    type, each form of its keyword sorter run; `--generated`: `generated_grid()`, their predicates and vectors);
  * the interpreter row of oracle records (`--records`, e.g. generated programs' `include-*.jsonl.gz`): each
    recorded run in every form, the records' own prints serving their own methods, Base's asked of Julia;
each callee counted once per run that needed it.  Every callee reached is kept (`--min-count` raises the bar);
a callee of the user's `Main` never is (it is the user's code).  Each entry is what jlir.live's provider caches
(`# MethodInstance for …`, `# argnames:`, `# sparams:`, `# vararg:`, then Julia's `code_typed` print), entries
separated by a form feed line, gzip-compressed.
"""
from __future__ import annotations

import argparse
import gzip
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

OUT = ROOT / "jlir" / "interp" / "data" / "base-1.5.3.txt.gz"
INTS = ("Int64", "Int32", "Int16", "Int8", "UInt64", "UInt32", "UInt16", "UInt8", "Int128", "UInt128")
FLOATS = ("Float64", "Float32", "Float16")
BINARY = ("+", "-", "*", "/", "<", "<=", "==", "!=", ">", ">=", "div", "rem", "mod", "fld", "cld", "%", "÷",
          "&", "|", "xor", "min", "max", "isless", "isequal", "^", "<<", ">>", ">>>", "cmp", "gcd", "lcm", "divrem",
          "flipsign", "copysign", "hypot", "atan", "//")
UNARY = ("-", "+", "abs", "sign", "zero", "one", "iszero", "isone", "isodd", "iseven", "~", "!", "sqrt", "floor",
         "ceil", "round", "trunc", "isnan", "isinf", "isfinite", "signbit", "abs2", "inv", "exp", "log", "sin",
         "cos", "float", "Int64", "Float64", "Int32", "UInt8", "string", "repr", "hash", "leading_zeros",
         "trailing_zeros", "count_ones", "bswap", "widen", "big", "nextfloat", "prevfloat", "eps", "typemax",
         "typemin", "ndigits", "factorial", "isqrt", "iseven", "bitstring", "unsigned", "signed", "Char", "Bool",
         "UInt64", "Float32", "exponent", "significand", "log2", "log10", "exp2", "cbrt", "tan", "isinteger",
         "iterate", "length", "first", "last", "collect", "sum", "prod", "maximum", "minimum", "reverse")
SAMPLE = {"Int64": "3", "Int32": "3", "Int16": "3", "Int8": "3", "UInt64": "3", "UInt32": "3", "UInt16": "3",
          "UInt8": "3", "Int128": "3", "UInt128": "3", "Float64": "2.5", "Float32": "2.5", "Float16": "2.5",
          "Bool": "true", "Char": "'a'", "String": '"abc"', "Array{Int64,1}": "[3, 1, 2]",
          "Array{UInt64,1}": "UInt64[3, 1, 2]", "Array{Float32,1}": "Float32[2.5, 1.5]",
          "Type{Int64}": "Int64", "Type{Float64}": "Float64", "Type{UInt64}": "UInt64", "Type{Float32}": "Float32",
          "Array{Float64,1}": "[2.5, 1.5]", "Array{String,1}": '["b", "a"]'}
SAMPLE.update({f"Type{{{t}}}": t for t in INTS + FLOATS + ("Bool",)})


def values_of(types, argument):
    """The sample arguments for `types` (ints as that type, through jlir's literal reader and conversion)."""
    from jlir.semantics.convert import convert_number
    out = []
    for t in types:
        v = argument(SAMPLE[t])
        out.append(convert_number(t, v) if t in INTS + FLOATS and t not in ("Int64", "Float64") else v)
    return out


def grid():
    """(callee, argument type names) of the grid: each operation on same-type pairs and Int64 mixed with each."""
    scalars = INTS + FLOATS + ("Bool",)
    for op in BINARY:
        for t in scalars:
            yield f"Base.{op}", (t, t)
            if t != "Int64":
                yield f"Base.{op}", ("Int64", t)
                yield f"Base.{op}", (t, "Int64")
    for op in UNARY:
        for t in scalars + ("Char", "String"):
            yield f"Base.{op}", (t,)
    for op in ("==", "*", "<", "isless", "cmp", "string", "startswith", "endswith", "occursin"):
        yield f"Base.{op}", ("String", "String")
    yield "Base.*", ("String", "Char")
    yield "Base.*", ("Char", "String")
    yield "Base.repeat", ("String", "Int64")
    yield "Base.:", ("Int64", "Int64")
    yield "Base.:", ("Int64", "Int64", "Int64")
    for t in ("Int64", "Float64", "String"):
        v = f"Array{{{t},1}}"
        for op in ("length", "size", "isempty", "first", "last", "iterate", "sum", "prod", "maximum", "minimum",
                   "sort", "sort!", "reverse", "copy", "pop!", "popfirst!", "unique", "collect", "eachindex",
                   "axes", "keys", "empty!", "string", "repr", "hash", "join", "cumsum", "extrema", "findmax"):
            yield f"Base.{op}", (v,)
        for op in ("push!", "pushfirst!", "in", "fill!", "count", "findfirst", "searchsortedfirst", "filter"):
            yield f"Base.{op}", (v, t) if op in ("push!", "pushfirst!", "fill!") else (t, v)
        for op in ("==", "append!", "vcat", "isequal", "isless"):
            yield f"Base.{op}", (v, v)
        yield "Base.getindex", (v, "Int64")
        yield "Base.setindex!", (v, t, "Int64")
        yield "Base.iterate", (v, "Int64")
        yield "Base.insert!", (v, "Int64", t)
        yield "Base.deleteat!", (v, "Int64")
        yield "Base.resize!", (v, "Int64")
        yield "Base.fill", (t, "Int64")


def conversions():
    """What lowered code calls where typed code inlined it, on every bits type: `x % T` (int.jl's `rem(x, T)`, the
    generator's and users' truncating conversion) of every pair of integer types, `Base.vect` (an array literal
    `[a, b]`) of one to four elements of one type, `iterate` of an empty or homogeneous tuple (a vararg's
    `for x in xs`) and of a `StepRange` (`for i in 6:-1:1`), `literal_pow` (`x^2`) of every number type."""
    ints = INTS + ("Bool",)
    for a in ints:
        for b in INTS:
            yield "%", (a, f"Type{{{b}}}")
    for t in INTS + FLOATS + ("Bool", "Char", "String"):
        for n in range(1, 5):
            yield "Base.vect", (t,) * n
        for n in range(1, 4):
            tup = f"Tuple{{{','.join((t,) * n)}}}"
            yield "Base.iterate", (tup,)
            yield "Base.iterate", (tup, "Int64")
    yield "Base.iterate", ("Tuple{}",)
    for t in INTS + FLOATS:  # `x^2` of a literal exponent: `literal_pow(^, x, Val{2}())`
        for k in (-1, 0, 1, 2, 3):
            yield "Base.literal_pow", ("typeof(^)", t, f"Val{{{k}}}")
    for t in INTS:
        yield "Base.iterate", (f"StepRange{{{t},{t}}}",)
        yield "Base.iterate", (f"StepRange{{{t},{t}}}", t)


# The keyword calls generated programs make (scripts/check/gen_julia_exprs.py: `foldl(+, v; init=zero(T))`,
# `reduce(max, v; init=zero(T))`; gen_programs.py: `foldl(+, xs; init=zero(T))` of a vararg tuple).
KEYWORD_CALLS = (("foldl", "+"), ("reduce", "max"))


def keyword_calls():
    """(callee, argument types, argument texts) of Base's keyword sorters as `KEYWORD_CALLS` call them, with
    `init` of every number type, over a vector of it and over tuples of none to two of it (a vararg)."""
    for f, op in KEYWORD_CALLS:
        for t in INTS + FLOATS:
            one = SAMPLE[t] if t in ("Int64", "Float64") else f"{t}({SAMPLE[t]})"
            for container, text in ((f"Array{{{t},1}}", f"{t}[{one}, {one}]"), ("Tuple{}", "()"),
                                    (f"Tuple{{{t}}}", f"({one},)"), (f"Tuple{{{t},{t}}}", f"({one}, {one})")):
                yield (f'(::Base.var"#{f}##kw")', (f"NamedTuple{{(:init,),Tuple{{{t}}}}}", f"typeof({f})",
                                                   f"typeof({op})", container),
                       (f"(init={t}(0),)", f, op, text))


def generated_grid():
    """What generated programs call that typed code inlined and slot forms call by name (gen_julia_exprs.py's
    predicates of every integer type and of Char; its vector expressions of each element type, ELEMENTS;
    gen_programs.py's `convert(T, length(rest))`, here `convert(T, x)` of every pair of number types and Bool,
    number.jl's `convert(::Type{T}, x::Number) = T(x)`; float_binary's `fma` of each float type)."""
    numbers = INTS + FLOATS + ("Bool",)
    for t in numbers:
        for s in numbers:
            yield "Base.convert", (f"Type{{{t}}}", s)
    for t in FLOATS:
        yield "Base.fma", (t, t, t)
    for t in INTS:
        for op in ("ispow2", "iseven", "isodd", "iszero", "isone"):
            yield f"Base.{op}", (t,)
    for op in ("isletter", "isdigit", "isascii", "isspace", "islowercase", "uppercase", "isequal"):
        yield f"Base.{op}", ("Char",) * (2 if op == "isequal" else 1)
    for t in ("Int64", "Float64", "UInt64", "Float32"):
        v = f"Array{{{t},1}}"
        yield "Base.zeros", (f"Type{{{t}}}", "Int64")
        yield "Base.fill", (t, "Int64")
        yield "Base.vcat", (v, t)
        yield "Base.vect", (t, t)
        for op in ("reverse", "sort", "sort!", "sum", "prod", "isempty", "pop!", "length"):
            yield f"Base.{op}", (v,)


# The closures generated programs pass to Base (scripts/check/gen_julia_exprs.py's vector_expr and sum_of), by the
# Base function called, as Julia source of the element type `{e}`.
CLOSURE_CALLS = (("map", "x -> x + one({e})"), ("filter", "x -> x > zero({e})"), ("sum", "x -> x * x"))


def closure_calls():
    """(Base function, closure source, vector argument texts) of `CLOSURE_CALLS` over each element type of
    gen_julia_exprs.py's ELEMENTS, on a vector of it and an empty one."""
    for f, body in CLOSURE_CALLS:
        for e in ("Int64", "Float64", "UInt64", "Float32"):
            one = SAMPLE[e] if e in ("Int64", "Float64") else f"{e}({SAMPLE[e]})"
            yield f, body.format(e=e), (f"{e}[{one}, {one}]", f"{e}[]")


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


def snippets():
    """(Julia expression of `a`, `b`, `c`, argument types, argument texts) of what generated programs write that
    slot forms call by name and typed code inlined (gen_julia_exprs.py: `v .* x` of each element type, `a + b + c`
    and `a * b * c` of every number type, parsed as one call of three arguments)."""
    for e in ("Int64", "Float64", "UInt64", "Float32"):
        one = SAMPLE[e] if e in ("Int64", "Float64") else f"{e}({SAMPLE[e]})"
        yield "a .* b", (f"Array{{{e},1}}", e), (f"{e}[{one}, {one}]", one)
    for t in INTS + FLOATS:
        one = SAMPLE[t] if t in ("Int64", "Float64") else f"{t}({SAMPLE[t]})"
        for op in ("+", "*"):
            yield f"a {op} b {op} c", (t, t, t), (one, one, one)


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


def merged(old: Path, body: str) -> str:
    """The entries of the data file `old` with the new ones of `body` added (a method already there is kept as it
    was; the struct lines are united), so a run for a few more methods never drops the others."""
    if not old.is_file():
        return body
    with gzip.open(old, "rt", encoding="utf-8") as fh:
        entries = fh.read().split("\f\n")
    heads = {e.split("\n", 1)[0] for e in entries}
    structs = [e for e in entries if e.startswith(("# struct ", "# mutable struct "))]
    for e in body.split("\f\n"):
        if e.startswith(("# struct ", "# mutable struct ")):
            lines = dict.fromkeys((structs[0] if structs else "").splitlines(keepends=True))
            lines.update(dict.fromkeys(e.splitlines(keepends=True)))
            joined = "".join(sorted(lines))
            entries = [joined if x is (structs[0] if structs else None) else x for x in entries]
            if not structs:
                entries.insert(0, joined)
            structs = [joined]
        elif e.split("\n", 1)[0] not in heads or e.split("\n", 1)[0].startswith("# MethodInstance for (::"):
            if e not in entries:
                entries.append(e)
    return "\f\n".join(entries)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=Path, action="append", default=[])
    ap.add_argument("--calls", type=Path, action="append", default=[])
    ap.add_argument("--forms", type=Path, action="append", default=[],
                    help="argument forms, one a line (tests/data/arguments/forms.txt), evaluated as --args")
    ap.add_argument("--conversions", action="store_true", help="the methods `conversions()` lists, looked up")
    ap.add_argument("--keyword-calls", action="store_true", help="the keyword calls `keyword_calls()` lists, run")
    ap.add_argument("--generated", action="store_true", help="the calls `generated_grid()` lists, run")
    ap.add_argument("--snippets", action="store_true", help="the expressions `snippets()` lists, their slot forms run")
    ap.add_argument("--closure-calls", action="store_true",
                    help="the Base calls with a closure `closure_calls()` lists, run (their methods kept lowered)")
    ap.add_argument("--records", type=Path, action="append", default=[],
                    help="oracle record files (JSONL, .gz allowed) whose interpreter row is run")
    ap.add_argument("--merge", action="store_true", help="add the methods found to the data file's, dropping none")
    ap.add_argument("--min-count", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    opts = ap.parse_args()
    from jlir.cli.literals import argument
    from jlir.live import Julia
    from jlir.live.provider import LiveProvider
    from jlir.interp.provider import signature_key
    cache = Path(tempfile.mkdtemp(prefix="jlir-base-methods-"))
    jl = Julia(None)
    if jl.version != "1.5.3":
        print(f"gen_base_methods: Julia {jl.version}, not 1.5.3", file=sys.stderr)
        return 2
    try:
        provider = Counting(LiveProvider(jl, cache=cache))
        if not opts.merge:
            run_grid(provider, argument)
        for path in opts.forms:
            run_forms(provider, path)
        for path in opts.records:
            run_records(provider, path)
        if opts.keyword_calls:
            run_keyword_calls(provider, argument)
        if opts.generated:
            run_grid(provider, argument, list(generated_grid()))
        if opts.closure_calls:
            run_closure_calls(provider, argument)
        if opts.snippets:
            run_snippets(provider, argument)
        for callee, types in conversions() if opts.conversions else ():
            provider.seen = set()
            provider.lookup(callee, types)
        for folder in opts.sample + opts.calls:
            provider.inner = LiveProvider(jl, cache=cache, defs=(folder / "defs.jl").read_text(encoding="utf-8")) \
                if (folder / "defs.jl").is_file() else provider.inner
            run_folder(provider, folder)
    finally:
        jl.close()
    entries = {}
    for f in sorted((cache / f"callees-{jl.version}").glob("*.txt")):
        text = f.read_text(encoding="utf-8")
        key = text.split("\n", 1)[0][len("# MethodInstance for "):]
        if provider.count.get(signature_key(key), 0) >= opts.min_count:
            entries[key] = text
    for key, text in provider.generic.items():
        if text is not None and provider.count.get(key, 0) >= opts.min_count:
            entries[f"\x02generic {key}"] = text
    for k, texts in enumerate(t for t in provider.callables.values() if t):
        for form, text in zip(("typed", "typed-unoptimized", "lowered"), texts):
            entries[f"\x01callable {k} {form}"] = text
    lines = []
    for name, ((fields, mutable), types) in sorted(provider.recorded.items()):
        if any(c in t for t in types or () for c in ":"):
            types = None  # a field type `# struct` lines cannot spell: the names alone
        parts = [f"{f}::{t}" for f, t in zip(fields, types)] if types and len(types) == len(fields) else list(fields)
        lines.append(f"# {'mutable struct' if mutable else 'struct'} {name}: {', '.join(parts)}\n")
    if lines:
        entries["\x00structs"] = "".join(lines)  # first: the field names every run may need
    opts.out.parent.mkdir(parents=True, exist_ok=True)
    body = "\f\n".join(entries[k] if entries[k].endswith("\n") else entries[k] + "\n" for k in sorted(entries))
    if opts.merge:
        body = merged(opts.out, body)
    tmp = opts.out.with_suffix(".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as fh:
        fh.write(body.encode("utf-8"))  # no time nor name in the header: the same methods, the same bytes
    tmp.replace(opts.out)  # whole or not at all: a run reading it meanwhile sees the old file
    shutil.rmtree(cache, ignore_errors=True)
    print(f"gen_base_methods: {len(entries) - bool(lines)} methods, {len(lines)} structs, {opts.out.stat().st_size:,} bytes -> {opts.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
