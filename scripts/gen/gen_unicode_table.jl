# Writes jlir/semantics/data/unicode-1.5.3.tsv.gz (gzipped): what the C functions behind Base's character code answer for
# every code point 0 … 0x10ffff, as Julia 1.5.3's runtime computes them (its utf8proc and src/flisp's
# julia_extensions.c), in ranges of code points with the same answers:
#   first <TAB> last <TAB> category <TAB> charwidth <TAB> id_start <TAB> id_char <TAB> lower <TAB> upper <TAB> title
# (hexadecimal code points; `category` utf8proc_category's Cint, `charwidth` utf8proc_charwidth's, `id_start` and
# `id_char` jl_id_start_char's and jl_id_char's 0/1; `lower`, `upper`, `title` utf8proc_tolower/toupper/totitle's
# answer minus the code point, a signed decimal offset).  jlir.interp.foreign's `utf8proc_*` and `jl_id_*` read it.
# Usage: julia scripts/gen/gen_unicode_table.jl | gzip -9 > jlir/semantics/data/unicode-1.5.3.tsv.gz   (Julia 1.5.3)
function row(u::UInt32)
    (ccall(:utf8proc_category, Cint, (UInt32,), u), ccall(:utf8proc_charwidth, Cint, (UInt32,), u),
     ccall(:jl_id_start_char, Cint, (UInt32,), u), ccall(:jl_id_char, Cint, (UInt32,), u),
     Int(ccall(:utf8proc_tolower, UInt32, (UInt32,), u)) - Int(u),
     Int(ccall(:utf8proc_toupper, UInt32, (UInt32,), u)) - Int(u),
     Int(ccall(:utf8proc_totitle, UInt32, (UInt32,), u)) - Int(u))
end
hex(u) = string(u, base=16)
let first = UInt32(0), last = row(UInt32(0))
    for u in UInt32(1):UInt32(0x110000)
        r = u <= 0x10ffff ? row(u) : nothing
        if r != last
            println(hex(first), "\t", hex(u - 1), "\t", join(last, "\t"))
            first, last = u, r
        end
    end
end
