# Julia 1.5.3's own answers, through Base's functions, for the first and last code point of every range of
# jlir/semantics/data/unicode-1.5.3.tsv.gz and 500 random ones: `code <TAB> category_code <TAB> textwidth <TAB>
# is_id_start_char <TAB> is_id_char <TAB> lowercase <TAB> uppercase <TAB> titlecase` (hexadecimal code points).
# Usage: zcat jlir/semantics/data/unicode-1.5.3.tsv.gz | julia tests/data/interp/unicode-answers.jl |
#        gzip -9 > tests/data/interp/unicode-answers-1.5.3.tsv.gz            (read by tests/interp/test_unicode.py)
using Random
codes = UInt32[]
for line in eachline(stdin)
    first, last = split(line, '\t')[1:2]
    push!(codes, parse(UInt32, first; base=16), parse(UInt32, last; base=16))
end
append!(codes, rand(MersenneTwister(1), UInt32(0):UInt32(0x10ffff), 500))
hex(c) = string(UInt32(c), base=16)
for u in sort(unique(codes))
    c = Char(u)
    println(join([hex(u), Base.Unicode.category_code(c), textwidth(c), Int(Base.is_id_start_char(c)),
                  Int(Base.is_id_char(c)), hex(lowercase(c)), hex(uppercase(c)), hex(titlecase(c))], "\t"))
end
