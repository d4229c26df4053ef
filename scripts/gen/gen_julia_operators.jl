# Writes jlir/semantics/julia_operators.py: every operator Julia's parser knows, by its precedence, and the unary
# ones, as Julia itself answers (`Base.isoperator`, `Base.operator_precedence`, `Base.isunaryoperator`, which ask the
# parser's tables in src/julia-parser.scm).  Run with the Julia whose table you want:
#     julia --startup-file=no scripts/gen/gen_julia_operators.jl > jlir/semantics/julia_operators.py
multi = ["==", "===", "!=", "!==", "<=", ">=", "<:", ">:", "=>", "->", "-->", "<--", "<-->", "||", "&&", "|>", "<|",
         "++", "<<", ">>", ">>>", "//", "..", "...", "::", ":=", "+=", "-=", "*=", "/=", "//=", "^=", "÷=", "%=", "<<=",
         ">>=", ">>>=", "|=", "&=", "⊻=", "\\=", "≔", "⩴", "≕"]
byprec = Dict{Int,Vector{String}}()
unary = String[]
names = unique(vcat([string(c) for c in vcat(Char(0x21):Char(0x7e), Char(0xa1):Char(0xd7ff), Char(0xe000):Char(0xffff))], multi))
for name in names
    s = Symbol(name)
    Base.isoperator(s) || continue
    push!(get!(byprec, Base.operator_precedence(s), String[]), name)
    Base.isunaryoperator(s) && push!(unary, name)
end
pyrepr(s) = replace(repr(s), "\\\$" => "\$")  # a Python string literal: Julia's repr but `\$`
println("\"\"\"Julia $(VERSION)'s operators, as its parser knows them: written by scripts/gen/gen_julia_operators.jl")
println("(`Base.operator_precedence`, `Base.isoperator`, `Base.isunaryoperator`); do not edit by hand.\"\"\"")
println("JULIA_VERSION = \"$(VERSION)\"")
println("# precedence => the operators of that precedence (0: an operator the parser gives no binary precedence)")
println("PRECEDENCE = {")
for k in sort(collect(keys(byprec)))
    println("    $k: ", pyrepr(join(byprec[k], " ")), ",")
end
println("}")
println("UNARY = ", pyrepr(join(unary, " ")))
