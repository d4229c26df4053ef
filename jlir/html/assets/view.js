// The page's script: clicks highlight a value's definition and uses, or a block's dominance facts and liveness;
// the toolbar's boxes switch overlays.  Each function's facts are JSON in its section; nothing is fetched.
// The elements of each block, statement and value are indexed once, and a click only touches those it marks
// (and unmarks the previous click's): a 5,000-statement function stays responsive.
(function () {
  "use strict";
  var root = document.currentScript ? document.currentScript.closest(".jlir") || document.body : document.body;
  var CLICK = ["def", "use", "sel", "dommed", "front", "idom", "hasuse"];
  function all(el, sel) { return Array.prototype.slice.call(el.querySelectorAll(sel)); }
  function push(map, k, e) { (map[k] || (map[k] = [])).push(e); }
  function index(sec, f) {
    var ix = {block: {}, node: {}, stmt: {}, value: {}, marked: []};
    all(sec, ".ln[data-b]").forEach(function (e) {
      push(ix.block, e.getAttribute("data-b"), e);
      ix.stmt[e.getAttribute("data-s")] = e;
    });
    all(sec, "g.blk").forEach(function (g) {
      var b = g.id.slice(4);
      push(ix.block, b, g);
      ix.node[b] = g;
      // a labelled node's text lines after `#N` are its statements, in order (a cut label ends in `… n more`)
      var blk = f.blocks[b - 1], texts = all(g, "text");
      for (var k = 1; blk && k < texts.length && blk.first + k - 1 <= blk.last; k++) {
        if (texts[k].textContent.charAt(0) !== "…") push(ix.block, "s" + (blk.first + k - 1), texts[k]);
      }
    });
    all(sec, ".v[data-v]").forEach(function (e) { push(ix.value, e.getAttribute("data-v"), e); });
    return ix;
  }
  function add(ix, els, cls) {
    (els || []).forEach(function (e) { e.classList.add(cls); ix.marked.push(e); });
  }
  function clear(ix) {
    ix.marked.forEach(function (e) { e.classList.remove.apply(e.classList, CLICK); });
    ix.marked = [];
  }
  function mark(ix, blocks, cls, store) {
    blocks.forEach(function (b) { add(store || ix, ix.block[b], cls); });
  }
  function reveal(el, pane) {
    // scroll only the pane holding `el` (not the page) when `el` is outside its view
    if (!el || !pane) return;
    var r = el.getBoundingClientRect(), p = pane.getBoundingClientRect();
    if (r.top < p.top || r.bottom > p.bottom) pane.scrollTop += r.top - p.top - pane.clientHeight / 3;
    if (r.left < p.left || r.right > p.right) pane.scrollLeft += r.left - p.left - pane.clientWidth / 3;
  }
  function showValue(sec, f, ix, v) {
    clear(ix);
    var info = f.values[v];
    (ix.value[v] || []).forEach(function (e) {
      var line = e.closest(".ln");
      var isDef = line && line.getAttribute("data-s") === String(v) && e === line.querySelector(".v");
      add(ix, [e], isDef ? "def" : "use");
    });
    if (!info) { say(sec, "%" + v + ": no definition in this function"); return; }
    var ub = {};
    info.uses.forEach(function (s) { var l = ix.stmt[s]; if (l) ub[l.getAttribute("data-b")] = 1; });
    Object.keys(ub).forEach(function (b) { if (ix.node[b]) add(ix, [ix.node[b]], "hasuse"); });
    say(sec, "%" + v + ": defined in #" + info.block + " (statement " + info.def + "), used by " +
        (info.uses.length ? info.uses.map(function (s) { return "%" + s; }).join(", ") : "nothing"));
  }
  function dominated(f, b) {
    // the blocks b strictly dominates: the dominator tree below b, walked once per click (no recursion)
    if (!f.children) {
      f.children = f.blocks.map(function () { return []; });
      f.blocks.forEach(function (blk, i) { if (blk.idom > 0) f.children[blk.idom - 1].push(i + 1); });
    }
    var out = [], todo = f.children[b - 1].slice();
    while (todo.length) { var c = todo.pop(); out.push(c); Array.prototype.push.apply(todo, f.children[c - 1]); }
    return out.sort(function (x, y) { return x - y; });
  }
  function list(xs, p) {
    if (xs.length > 40) return xs.slice(0, 40).map(function (x) { return p + x; }).join(", ") +
        " … (" + xs.length + " in all)";
    return xs.length ? xs.map(function (x) { return p + x; }).join(", ") : "none";
  }
  function showBlock(sec, f, ix, b, from) {
    clear(ix);
    var blk = f.blocks[b - 1];
    if (!blk) return;
    blk.dominates = dominated(f, b);
    mark(ix, blk.dominates, "dommed");
    mark(ix, blk.frontier, "front");
    if (blk.idom > 0) mark(ix, [blk.idom], "idom");
    mark(ix, [b], "sel");
    if (from === "text") reveal(ix.node[b], sec.querySelector("div.graph"));
    else reveal((ix.block[b] || [])[0], sec.querySelector("pre.ir"));
    var loop = blk.loop >= 0 ? f.loops[blk.loop] : null;
    var ids = [], d = blk.idom;
    while (d > 0) { ids.push(d); d = f.blocks[d - 1].idom; }
    say(sec, "#" + b + ": dominators " + list(ids, "#") + "; dominates " +
        list(blk.dominates, "#") + "; frontier " + list(blk.frontier, "#") + "; loop " +
        (loop ? "headed by #" + loop.header + " (" + list(loop.blocks, "#") + ")" : "none") + "; live-in " +
        list(blk.live_in, "%") + "; live-out " + list(blk.live_out, "%") + (blk.dead ? "; unreachable" : "") +
        (f.counts[b] !== undefined ? "; entered " + f.counts[b] + " times, each statement run as often" :
         Object.keys(f.counts).length ? "; never entered" : ""));
  }
  function say(sec, text) { var i = sec.querySelector(".info"); if (i) i.textContent = text; }
  function setup(sec) {
    var el = sec.querySelector("script.facts");
    if (!el) return;
    var f = JSON.parse(el.textContent), ix = index(sec, f), keep = {marked: []};  // overlay marks: never cleared
    f.blocks.forEach(function (blk, i) {
      if (blk.loop >= 0) mark(ix, [i + 1], "inloop", keep);
      if (blk.dead) mark(ix, [i + 1], "dead", keep);
    });
    (f.dead || []).forEach(function (s) {  // what dce deletes: unused values without effect
      add(keep, [ix.stmt[s]].filter(Boolean), "dead");
      add(keep, ix.block["s" + s], "dead");
    });
    all(sec, ".ln.flag[data-b]").forEach(function (e) {
      var g = ix.node[e.getAttribute("data-b")]; if (g) g.classList.add("flag");
    });
    Object.keys(f.marks).forEach(function (k) {
      var n = +k, cls = (n < 0 ? "" : "m-") + f.marks[k];  // a block's heat, or a statement's diff mark
      if (n < 0) mark(ix, [-n], cls, keep);
      else if (ix.stmt[n]) ix.stmt[n].classList.add(cls);
    });
    sec.addEventListener("click", function (ev) {
      var v = ev.target.closest(".v");
      if (v) { showValue(sec, f, ix, v.getAttribute("data-v")); return; }
      var g = ev.target.closest("g.blk");
      if (g) { showBlock(sec, f, ix, +g.id.slice(4), "graph"); return; }
      var ln = ev.target.closest(".ln[data-b]");
      if (ln) showBlock(sec, f, ix, +ln.getAttribute("data-b"), "text");
    });
  }
  all(root, "section.fn").forEach(function (sec) {
    if (!sec.hasAttribute("data-ready")) { sec.setAttribute("data-ready", "1"); setup(sec); }
  });
  all(root, "input[data-overlay]").forEach(function (box) {
    box.addEventListener("change", function () {
      root.classList.toggle("ov-" + box.getAttribute("data-overlay"), box.checked);
    });
  });
})();
