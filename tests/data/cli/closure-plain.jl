# A closure whose type takes no parameters (it captures only a Core.Box): lowering builds it with
# `%new(Main.:(var"#1#2"), box)`, no `apply_type`.  tests/cli/test_live_closures.py runs the prints of
# closure-plain-1.5.3.txt (written by `julia closure-plain.jl`, which prints Julia's answer: 3.5) with this file as
# --defs.
function boxed_plain(x::Float64)
    acc = x
    add = y -> (acc += y; acc)
    add(1.0)
    return add(0.5)
end
if abspath(PROGRAM_FILE) == @__FILE__
    open(joinpath(@__DIR__, "closure-plain-1.5.3.txt"), "w") do io
        show(io, MIME"text/plain"(), code_typed(boxed_plain, (Float64,))[1]); println(io)
        show(io, MIME"text/plain"(), code_typed(boxed_plain, (Float64,); optimize=false)[1]); println(io)
        show(io, MIME"text/plain"(), code_lowered(boxed_plain, (Float64,))[1]); println(io)
    end
    println(repr(boxed_plain(2.0)))
end
