"""Live Julia: ask a real Julia for its IR, printed exactly as its REPL shows it, and read it with jlir.

    from jlir.live import Julia
    jl = Julia()                       # juliacall if it works, else a `julia` executable
    f = jl.code_typed("foo(1.0)", defs="foo(x) = 2x")

Two backends behind `Julia`: juliacall (in-process) and a subprocess that
stays alive across requests; `jlir/live/jlir.jl` is the Julia side of both.
"""
from jlir.live.errors import (JuliaCrashed, JuliaError, JuliaNotFound, JuliaStartError, JuliaTimeout, LiveError,
                              ProtocolError)
from jlir.live.session import BACKENDS, FORMS, CFGBlock, Fetched, Julia, JuliaCFG, LoadedCase

__all__ = ["Julia", "Fetched", "JuliaCFG", "CFGBlock", "LoadedCase", "FORMS", "BACKENDS", "LiveError",
           "JuliaNotFound", "JuliaStartError", "JuliaError", "JuliaCrashed", "JuliaTimeout", "ProtocolError"]
