"""Base's methods on tuples and pairs, run natively when no provider has their IR: the slot forms call them
where the typed form inlined them (tuple.jl's `getindex`, `length`, `tail`, `isempty`; pair.jl's `=>`).
Each returns None where it does not apply (no method here returns Julia's `nothing`): the caller refuses."""
from __future__ import annotations

from jlir.semantics.values import JStruct, typeof


def getindex(ctx, args):
    """`getindex(t::Tuple, i::Int) = getfield(t, i)`, within bounds (past them: refused)."""
    if len(args) != 2 or type(args[0]) is not tuple or type(args[1]) is not int or not 1 <= args[1] <= len(args[0]):
        return None
    return args[0][args[1] - 1]


def length(ctx, args):
    """`length(t::Tuple) = nfields(t)`."""
    return len(args[0]) if len(args) == 1 and type(args[0]) is tuple else None


def tail(ctx, args):
    """`tail(x::Tuple) = argtail(x...)`; of `()` an ArgumentError: refused."""
    return args[0][1:] if len(args) == 1 and type(args[0]) is tuple and args[0] else None


def isempty(ctx, args):
    """`isempty(x::Tuple{}) = true`, `isempty(@nospecialize x::Tuple) = false`."""
    return not args[0] if len(args) == 1 and type(args[0]) is tuple else None


def pair(ctx, args):
    """`a => b`: `Pair(a, b)`, a `Pair{typeof(a),typeof(b)}` with fields `first`, `second`."""
    if len(args) != 2:
        return None
    a, b = args
    return JStruct(f"Pair{{{typeof(a)},{typeof(b)}}}", (a, b), ("first", "second"), False)


METHODS = {"getindex": getindex, "length": length, "tail": tail, "isempty": isempty, "=>": pair}
