# gen_argument_reprs.jl -- Julia's own answer for each argument form `jlir run --args` reads
# (tests/data/arguments/forms.txt, one REPL expression a line): the value's type and `repr`, or the exception
# type the expression throws.  jlir's evaluator (`jlir.cli.literals`) is tested against these
# (tests/cli/test_argument_forms.py).
#
#   julia scripts/gen/gen_argument_reprs.jl tests/data/arguments/forms.txt > tests/data/arguments/reprs-1.5.3.jsonl
esc(s) = replace(replace(replace(replace(s, "\\" => "\\\\"), "\"" => "\\\""), "\n" => "\\n"), "\t" => "\\t")
js(s) = string("\"", esc(s), "\"")
for line in eachline(ARGS[1])
    isempty(strip(line)) && continue
    try
        v = Core.eval(Main, Meta.parse(line))
        println("{\"text\": ", js(line), ", \"type\": ", js(string(typeof(v))), ", \"repr\": ", js(repr(v)), "}")
    catch e
        println("{\"text\": ", js(line), ", \"error\": ", js(string(nameof(typeof(e)))), "}")
    end
end
