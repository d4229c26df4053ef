using InteractiveUtils
struct W; x::Int; end
for op in (:-, :/, :~, :<, :(==), :÷, :&, :√, :!)
    @eval Base.$op(a::W, b::W, c::W...) = a
end
Base.:~(a::W) = a
f2(a, b) = (a ~ b, ~(a, b, a), /(a, b, a), -(a, b, b), !(a, b))
println(@code_lowered f2(W(1), W(2)))
show(stdout, @code_typed optimize=false f2(W(1), W(2))); println()
show(stdout, @code_typed f2(W(1), W(2))); println()
