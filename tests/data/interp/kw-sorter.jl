# Julia 1.5.3: the keyword sorter of reduce (argnames #unused#, "", "", op, A), lowered and unoptimized
kwf = Core.kwfunc(reduce)
ci = code_lowered(kwf, (NamedTuple{(:init,),Tuple{Float64}}, typeof(reduce), typeof(max), Array{Float64,1}))[1]
show(stdout, ci); println()
ct = code_typed(kwf, (NamedTuple{(:init,),Tuple{Float64}}, typeof(reduce), typeof(max), Array{Float64,1}), optimize=false)[1]
show(stdout, ct[1]); println(" => ", ct[2])
# the callee `pairs`, as a dump (tests/data/interp/kw-sorter-pairs-1.5.3.txt)
open(joinpath(@__DIR__, "kw-sorter-pairs-1.5.3.txt"), "w") do io
    println(io, "# MethodInstance for pairs(::NamedTuple{(:init,),Tuple{Float64}})\n# argnames: nt")
    ct = code_typed(pairs, (NamedTuple{(:init,),Tuple{Float64}},))[1]
    show(io, ct[1]); println(io, " => ", ct[2])
end
