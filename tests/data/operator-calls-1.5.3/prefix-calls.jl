using InteractiveUtils
f3(a, b, c) = (-(a, b, c), /(a, b, c), ~(a, b, c), !(a, b), <(a, b, c), ==(a, b, c), ÷(a, b, c), (&)(a, b, c), -(a), :(a, b, c, b), <:(a, b, c), √(a, b))
println(@code_lowered f3(1, 2, 3))
io = IOBuffer()
show(io, @code_typed optimize=false f3(1, 2, 3)); println(String(take!(io)))
