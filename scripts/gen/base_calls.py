"""What scripts/gen/gen_base_methods.py calls to reach the Base methods ordinary code calls: the grid of the
commonest operations on every bits type, the conversions, the keyword calls, the calls with a closure and the
snippets generated programs write (each a list of calls; running them is base_runs.py's job).
"""
from __future__ import annotations

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
