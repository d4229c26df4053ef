# A loop of N if/else diamonds, each swapping two variables on one side: the out-of-SSA and into-SSA
# scaling input (many φs reading each other, congruence classes that grow with N).
#
#     julia scripts/gen/gen_swap_diamonds.jl N typed|lowered > FILE
#
# Writes Julia 1.5.3's `code_typed` (φ form) or `code_lowered` (slot form) of the function, as the REPL shows it.
n = parse(Int, ARGS[1]); kind = ARGS[2]
body = join(["    if (x & $(1 << (k % 60))) != 0\n        a, b = b, a\n    else\n        a = a + $k\n    end" for k in 1:n], "\n")
src = "function swaps(a::Int, b::Int, x::Int, m::Int)\n    i = 0\n    while i < m\n$body\n        i += 1\n    end\n    return a - b\nend"
eval(Meta.parse(src))
ci = kind == "typed" ? code_typed(swaps, (Int, Int, Int, Int))[1] : code_lowered(swaps, (Int, Int, Int, Int))[1]
show(stdout, MIME"text/plain"(), ci)
println(stdout)
