# Functions that run out of time or memory, as Julia 1.5.3 prints them (exhaustion-1.5.3.txt, written by this
# file) and what Julia answers (printed): tests/interp/test_limits.py runs the prints under jlir's limits.
fr(n) = length(repeat("a", n))                 # one statement's cost grows with n (a String of n bytes)
vec(n) = Vector{Int}(undef, n)                 # the runtime's allocation: its size checks, then memory
spin(n) = (while n > 0; n += 1; end; n)        # runs (about) for ever, allocating nothing
open(joinpath(@__DIR__, "exhaustion-1.5.3.txt"), "w") do io
    for (f, t) in ((fr, (Int,)), (vec, (Int,)), (spin, (Int,)))
        println(io, "# MethodInstance for ", f, "(::Int64)")
        show(io, MIME"text/plain"(), code_typed(f, t)[1]); println(io)
    end
end
for (f, a) in ((fr, 5), (vec, typemax(Int)), (vec, -1), (vec, 2^40))
    try
        r = f(a); println(f, "(", a, ") = ", r isa Vector ? typeof(r) : repr(r))
    catch e
        println(f, "(", a, ") throws ", typeof(e), ": ", sprint(showerror, e))
    end
end
