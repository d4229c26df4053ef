# base_corpus_module.jl -- `module BaseCorpus`: the helper functions of gen_base_corpus.jl (which instances
# exist, in which order, with which cached source) without running its `main(ARGS)`, for the scripts that walk
# the same instances in the same order (gen_base_reference.jl, oracle.jl).
module BaseCorpus
    let path = joinpath(@__DIR__, "gen_base_corpus.jl")
        ast = Meta.parse(string("begin\n", read(path, String), "\nend"))
        for ex in ast.args
            ex isa Expr && ex.head === :call && ex.args[1] === :main && continue
            ex isa Expr && ex.head === :&& && continue
            Core.eval(@__MODULE__, ex)
        end
    end
end
