# Julia 1.5.3: `Meta.lower(Main, …)` of script snippets with plain calls of bare names, each read as the
# file `script.jl` would be (`Base.parse_input_line(code; filename = "script.jl")`).
# Run: julia lowered-1.5.3-scripts.jl  (writes lowered-1.5.3-<name>.txt beside this file)
snippets = [
    "rand" => "x = rand(1:5)",
    "println-sum" => """
        println("hello")
        y = sum(abs2, [1, 2, 3])
        """,
    "for-println" => """
        for i in 1:3
            println(i)
        end
        """,
    "zeros-push" => """
        a = zeros(3)
        a[1] = sqrt(2.0)
        push!(a, 4.0)
        """,
    "if-rand" => """
        if rand() > 0.5
            z = 1
        else
            z = 2
        end
        println(z)
        """,
    "while-count" => """
        s = 0
        while s < 10
            s += 1
        end
        println(s)
        """,
    "dict-string" => """
        d = Dict("a" => 1)
        d["b"] = 2
        println("keys: \$(collect(keys(d)))")
        """,
    "map-closure" => """
        v = map(x -> x^2, 1:3)
        println(length(v))
        """,
    "define-call" => """
        f(x) = 2x + 1
        println(f(3))
        """,
    "colon-slice" => """
        A = ones(2, 2)
        col = A[:, 1]
        """,
    "range-collect" => """
        r = collect(1:2:9)
        m = maximum(r)
        """,
    "colon-value" => "c = (:)",
    "map-colon" => "r = map(:, 1:2, 3:4)",
]
for (name, code) in snippets
    top = Base.parse_input_line(code; filename = "script.jl")
    ex = Expr(:block, top.args...)
    open(joinpath(@__DIR__, "lowered-1.5.3-$name.txt"), "w") do io
        show(io, Meta.lower(Main, ex))
        println(io)
    end
end
