/* The site's page script: the search box (index scripts loaded on first use, results as one types, "/" to
   focus), previews of link targets on hover or tap, and the offline app when served over HTTP. */
(function () {
  "use strict";
  var body = document.body, root = body.getAttribute("data-root") || "";
  var input = document.getElementById("q"), scope = document.getElementById("scope");
  var panel = document.getElementById("results"), tip = document.getElementById("preview");
  var LANG_OF_DOC = { ru: "ru", guide: "ru", wiki: "ru", sr: "sr", ja: "ja" };
  var loading = {}, timer = null;

  function docsOf(value) { return value === "all" ? Object.keys(LANG_OF_DOC) : [value]; }
  function languagesOf(docs) {
    var out = [];
    docs.forEach(function (d) { var l = LANG_OF_DOC[d]; if (l && out.indexOf(l) < 0) out.push(l); });
    return out;
  }
  function addScript(src, done) {
    var s = document.createElement("script");
    s.src = src; s.onload = done; s.onerror = done;
    document.head.appendChild(s);
  }
  /* Loads the search script and the index scripts docs need, then calls done. */
  function ensure(docs, done) {
    var need = [];
    if (!window.RulingSearch) need.push("assets/search.js");
    languagesOf(docs).forEach(function (l) { if (!(window.RulingIndex && window.RulingIndex[l])) need.push("assets/search-" + l + ".js"); });
    if (!need.length) { done(); return; }
    var left = need.length;
    need.forEach(function (src) { ensureFile(src, function () { if (--left === 0) done(); }); });
  }
  function ensureFile(src, done) {
    if (loading[src] === "done") { done(); return; }
    if (!loading[src]) { loading[src] = []; addScript(root + src, function () { var w = loading[src]; loading[src] = "done"; w.forEach(function (f) { f(); }); }); }
    loading[src].push(done);
  }
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }

  /* A hit's key as the page's language names it: "ru:502.9b", or "ru · Glossary" for ru:glossary/… */
  function keyLabel(key) {
    var head = key.split("/")[0], at = head.indexOf(":"), kind = head.slice(at + 1);
    var word = /^(glossary|index|passage)$/.test(kind) && panel.getAttribute("data-" + kind);
    return word ? head.slice(0, at) + " · " + word : head;
  }
  /* What the search says of a game word the documents searched lack: that they lack it, the rules of the
     documents that have it (linked), and the nearest words it searched instead (as `ruling search` does). */
  function absenceLine(a) {
    var line = el("p", "absent"), named = a.modern + (a.concept !== a.modern.toLowerCase() ? " (" + a.concept + ")" : "");
    var said = panel.getAttribute(a.nowhere ? "data-nowhere" : "data-absent");
    var fill = { term: named, docs: a.missing.join(", ") };
    line.appendChild(document.createTextNode(said.replace(/\{(term|docs)\}/g, function (m, name) { return fill[name]; })));
    if (!a.nowhere && a.homes.length) {
      line.appendChild(document.createTextNode("; " + panel.getAttribute("data-see") + " "));
      a.homes.forEach(function (key, n) {
        if (n) line.appendChild(document.createTextNode(", "));
        if (a.hrefs[n]) { var link = el("a", "", key); link.href = root + a.hrefs[n]; link.setAttribute("data-key", key); line.appendChild(link); }
        else line.appendChild(document.createTextNode(key));
      });
    }
    var near = Object.keys(a.near);
    if (near.length) {
      var words = near.map(function (l) { return l + ": " + a.near[l].join(", "); }).join("; ");
      line.appendChild(document.createTextNode("; " + panel.getAttribute("data-nearest") + ": " + words));
    }
    return line;
  }
  /* What today's Comprehensive Rules call a number of the query, and the era rules on its subject (linked),
     those of the documents searched first, as `ruling search` says. */
  function todayLine(row, docs) {
    var line = el("p", "today"), fill = { number: row.number, name: row.name };
    var said = panel.getAttribute(row.rules.length ? "data-today" : "data-today-nowhere");
    line.appendChild(document.createTextNode(said.replace(/\{(number|name)\}/g, function (m, name) { return fill[name]; })));
    var order = row.rules.map(function (key, n) { return n; }), asked = function (n) { return docs.indexOf(row.rules[n].split(":")[0]) < 0 ? 1 : 0; };
    order.sort(function (a, b) { return asked(a) - asked(b) || a - b; });
    order.forEach(function (n, k) {
      line.appendChild(document.createTextNode(k ? ", " : ": "));
      if (row.hrefs[n]) { var link = el("a", "", row.rules[n]); link.href = root + row.hrefs[n]; link.setAttribute("data-key", row.rules[n]); line.appendChild(link); }
      else line.appendChild(document.createTextNode(row.rules[n]));
    });
    return line;
  }
  /* A number of the query that names no rule: the documents that lack it and the rules shown in its place
     (linked), as `ruling search` says. */
  function unknownLines(unknown) {
    var byNumber = {}, order = [];
    unknown.forEach(function (u) {
      var number = u.asked.split(":")[1];
      if (!byNumber[number]) { byNumber[number] = []; order.push(number); }
      byNumber[number].push(u);
    });
    return order.map(function (number) {
      var rows = byNumber[number], line = el("p", "unknown");
      var docs = rows.map(function (u) { return u.asked.split(":")[0]; }).join(", ");
      line.appendChild(document.createTextNode(panel.getAttribute("data-no-rule").replace("{number}", number).replace("{docs}", docs)));
      rows.filter(function (u) { return u.shown; }).forEach(function (u, k) {
        line.appendChild(document.createTextNode(k ? ", " : "; " + panel.getAttribute("data-showing") + " "));
        var link = el("a", "", u.shown); link.href = root + u.href; link.setAttribute("data-key", u.shown); line.appendChild(link);
      });
      return line;
    });
  }
  function show(query) {
    var docs = docsOf(scope.value);
    ensure(docs, function () {
      if (input.value !== query) return;
      if (window.RulingSearch.needsReading(query, docs) && loading["assets/search-ja-reading.js"] !== "done") {
        ensureFile("assets/search-ja-reading.js", function () { show(query); });
        return;
      }
      var started = performance.now();
      var found = window.RulingSearch.search(query, docs, 10);
      window.RulingLastSearchMs = performance.now() - started;
      panel.textContent = "";
      (found.today || []).forEach(function (row) { panel.appendChild(todayLine(row, docs)); });
      unknownLines(found.unknown || []).forEach(function (line) { panel.appendChild(line); });
      (found.read || []).forEach(function (r) {
        panel.appendChild(el("p", "read", panel.getAttribute("data-read-as").replace("{said}", r.said).replace("{english}", r.english)));
      });
      if (found.suggestion) {
        var mean = el("p", "mean", panel.getAttribute("data-mean") + ": ");
        var a = el("a", "", found.suggestion); a.href = "#";
        a.addEventListener("click", function (ev) { ev.preventDefault(); input.value = found.suggestion; run(); });
        mean.appendChild(a); panel.appendChild(mean);
      }
      (found.absent || []).forEach(function (a) { panel.appendChild(absenceLine(a)); });
      if (!found.hits.length) panel.appendChild(el("p", "none", panel.getAttribute("data-none")));
      var list = el("ol", "hits");
      found.hits.forEach(function (hit) {
        var li = el("li", "hit"), a = el("a");
        a.href = root + hit.href;
        a.setAttribute("data-key", hit.key);
        a.appendChild(el("span", "key", keyLabel(hit.key)));
        var title = hit.title || (hit.context ? "(" + hit.context + ")" : "");
        if (title) a.appendChild(el("span", "title", " " + title));
        if (hit.era && hit.era.length) a.appendChild(el("span", "era", " ≈ " + hit.era.join(", ")));
        li.appendChild(a);
        var p = el("p", "snip");
        p.setAttribute("lang", hit.lang);
        window.RulingSearch.highlight(hit).forEach(function (piece) { p.appendChild(piece[1] ? el("mark", "", piece[0]) : document.createTextNode(piece[0])); });
        li.appendChild(p);
        list.appendChild(li);
      });
      panel.appendChild(list);
      panel.hidden = false;
    });
  }
  function run() {
    var query = input.value;
    if (!query.trim()) { panel.hidden = true; panel.textContent = ""; return; }
    show(query);
  }
  if (input) {
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 0); });
    /* The indexes of the box's scope start loading as soon as the page is parsed (this script is
       deferred; the scripts load asynchronously), and are prepared once loaded, so the first keystroke
       finds them ready or on their way. Waiting for the page to turn idle made the first keystroke slower
       (site_bench: about 10-30 ms more), for no visible gain. */
    var preload = function () {
      var docs = docsOf(scope.value);
      ensure(docs, function () { languagesOf(docs).forEach(function (l) { window.RulingSearch.prepare(l); }); });
    };
    input.addEventListener("focus", preload);
    scope.addEventListener("change", preload);
    preload();
    scope.addEventListener("change", run);
    input.form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var first = panel.querySelector(".hit a");
      if (first) window.location.href = first.href;
    });
    document.addEventListener("keydown", function (ev) {
      var t = ev.target, typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
      if (ev.key === "/" && !typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey) { ev.preventDefault(); input.focus(); input.select(); }
      else if (ev.key === "Escape") { panel.hidden = true; hideTip(); if (t === input) input.blur(); }
    });
    document.addEventListener("click", function (ev) {
      if (!panel.hidden && !panel.contains(ev.target) && ev.target !== input) panel.hidden = true;
    });
    /* Arrow keys move between the search box and the results. */
    function moveFocus(ev) {
      if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
      var links = Array.prototype.slice.call(panel.querySelectorAll(".hit a"));
      if (!links.length || panel.hidden) return;
      var at = links.indexOf(document.activeElement), next = ev.key === "ArrowDown" ? at + 1 : at - 1;
      ev.preventDefault();
      if (next < 0) input.focus(); else links[Math.min(next, links.length - 1)].focus();
    }
    input.addEventListener("keydown", moveFocus);
    panel.addEventListener("keydown", moveFocus);
    var start = new URLSearchParams(window.location.search).get("q");
    if (start) { input.value = start; run(); }
  }

  /* -- previews ------------------------------------------------------------------------------------ */
  var shownFor = null;
  function hideTip() { tip.hidden = true; shownFor = null; }
  function showTip(a) {
    var text = a.getAttribute("data-preview");
    if (!text) return;
    tip.textContent = "";
    tip.appendChild(el("span", "", text));
    var go = el("a", "go", "→"); go.href = a.href; go.title = tip.getAttribute("data-open") || ""; tip.appendChild(go);
    tip.hidden = false;
    var r = a.getBoundingClientRect(), width = Math.min(420, document.documentElement.clientWidth - 16);
    tip.style.width = width + "px";
    var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
    tip.style.left = left + "px";
    tip.style.top = (r.bottom + window.scrollY + 6) + "px";
    shownFor = a;
  }
  var touch = window.matchMedia("(hover: none)").matches;
  document.addEventListener("pointerdown", function (ev) { touch = ev.pointerType === "touch"; }, { passive: true });
  document.addEventListener("touchstart", function () { touch = true; }, { passive: true });
  document.addEventListener("mouseover", function (ev) {
    if (touch) return;
    var a = ev.target.closest && ev.target.closest("a[data-preview]");
    if (a) showTip(a); else if (!(ev.target.closest && ev.target.closest("#preview"))) hideTip();
  });
  document.addEventListener("focusin", function (ev) {
    if (touch) return;
    var a = ev.target.closest && ev.target.closest("a[data-preview]");
    if (a) showTip(a);
  });
  /* On a touch screen the first tap on a link shows its preview; a second tap (or the arrow) follows it. */
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a[data-preview]");
    if (!a) { if (!(ev.target.closest && ev.target.closest("#preview"))) hideTip(); return; }
    if (touch && shownFor !== a) { ev.preventDefault(); showTip(a); }
  });

  /* -- offline app --------------------------------------------------------------------------------- */
  if ("serviceWorker" in navigator && /^https?:$/.test(window.location.protocol)) {
    navigator.serviceWorker.register(root + "sw.js").catch(function () {});
  }
})();
