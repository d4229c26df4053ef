// The page's script: clicks highlight a value's definition and uses, or a block's dominance facts and liveness;
// the toolbar's boxes switch overlays.  Each function's facts are JSON in its section; nothing is fetched.
(function () {
  "use strict";
  var root = document.currentScript ? document.currentScript.closest(".jlir") || document.body : document.body;
  function all(el, sel) { return Array.prototype.slice.call(el.querySelectorAll(sel)); }
  function clear(sec) {
    all(sec, ".def,.use,.sel,.dommed,.front,.idom,.hasuse").forEach(function (e) {
      e.classList.remove("def", "use", "sel", "dommed", "front", "idom", "hasuse");
    });
  }
  function blockEls(sec, b) { return all(sec, '#blk-' + b + ', .ln[data-b="' + b + '"]'); }
  function mark(sec, blocks, cls) {
    blocks.forEach(function (b) { blockEls(sec, b).forEach(function (e) { e.classList.add(cls); }); });
  }
  function showValue(sec, f, v) {
    clear(sec);
    var info = f.values[v];
    all(sec, '.v[data-v="' + v + '"]').forEach(function (e) {
      var line = e.closest(".ln");
      var isDef = line && line.getAttribute("data-s") === String(v) && e === line.querySelector(".v");
      e.classList.add(isDef ? "def" : "use");
    });
    if (!info) { say(sec, "%" + v + ": no definition in this function"); return; }
    var ub = {};
    info.uses.forEach(function (s) {
      all(sec, '.ln[data-s="' + s + '"]').forEach(function (e) { ub[e.getAttribute("data-b")] = 1; });
    });
    Object.keys(ub).forEach(function (b) { var g = sec.querySelector("#blk-" + b); if (g) g.classList.add("hasuse"); });
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
  function showBlock(sec, f, b) {
    clear(sec);
    var blk = f.blocks[b - 1];
    if (!blk) return;
    blk.dominates = dominated(f, b);
    mark(sec, blk.dominates, "dommed");
    mark(sec, blk.frontier, "front");
    if (blk.idom > 0) mark(sec, [blk.idom], "idom");
    mark(sec, [b], "sel");
    var loop = blk.loop >= 0 ? f.loops[blk.loop] : null;
    var ids = [], d = blk.idom;
    while (d > 0) { ids.push("#" + d); d = f.blocks[d - 1].idom; }
    function list(xs, p) { return xs.length ? xs.map(function (x) { return p + x; }).join(", ") : "none"; }
    say(sec, "#" + b + ": dominators " + (ids.length ? ids.join(", ") : "none") + "; dominates " +
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
    var f = JSON.parse(el.textContent);
    f.blocks.forEach(function (blk, i) {
      var b = i + 1;
      if (blk.loop >= 0) mark(sec, [b], "inloop");
      if (blk.dead) mark(sec, [b], "dead");
    });
    all(sec, ".ln.flag[data-b]").forEach(function (e) {
      var g = sec.querySelector("#blk-" + e.getAttribute("data-b")); if (g) g.classList.add("flag");
    });
    Object.keys(f.marks).forEach(function (k) {
      var n = +k, cls = (n < 0 ? "" : "m-") + f.marks[k];  // a block's heat, or a statement's diff mark
      if (n < 0) mark(sec, [-n], cls);
      else all(sec, '.ln[data-s="' + n + '"]').forEach(function (e) { e.classList.add(cls); });
    });
    sec.addEventListener("click", function (ev) {
      var v = ev.target.closest(".v");
      if (v) { showValue(sec, f, v.getAttribute("data-v")); return; }
      var g = ev.target.closest("g.blk");
      if (g) { showBlock(sec, f, +g.id.slice(4)); return; }
      var ln = ev.target.closest(".ln[data-b]");
      if (ln) showBlock(sec, f, +ln.getAttribute("data-b"));
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
