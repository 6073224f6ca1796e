/* The site's offline search: what `ruling search` does (ruling/search/query.py), over the index that
   ruling/sitegen/searchindex.py writes as assets/search-<lang>.js. No server, no fetch: works from file://.
   Exposes RulingSearch.search(query, docs, limit) -> {hits, suggestion}. */
(function () {
  "use strict";
  var LANG_OF_DOC = { ru: "ru", guide: "ru", wiki: "ru", sr: "sr", ja: "ja" };
  var SCHEME = { ru: "cr", ja: "cr", wiki: "cr", sr: "sr" };
  var TYPO_BOOST = 0.5, TYPO_MIN_LENGTH = 5, EXPANSION_BOOST = 0.5, EXPANSION_MIN_STEM = 4;
  var EXPANSION_LIMIT = 30, RERANK_DEPTH = 50, READING_BOOST = 1.0, K1 = 1.2, B = 0.75;
  var CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヶ";
  var CJK_RE = new RegExp("[" + CJK + "]");
  var JA_RUN_RE = new RegExp("([" + CJK + "][" + CJK + "・]*)|[^\\s\\p{P}\\p{S}" + CJK + "]+", "gu");
  var WORD_RE = /[\p{L}\p{M}\p{N}_]+/gu;
  var prepared = {};

  /* -- analyzers (ruling/analyzers.py) ------------------------------------------------------------ */
  function norm(text) { return text.normalize("NFKC").toLowerCase(); }
  var LOOK_LATIN = "aceopxykmhtb", LOOK_CYR = "асеорхукмнтв";
  function foldLookalikes(w) {
    if (!/[а-яё]/.test(w) || !/[a-z]/.test(w)) return w;
    var out = "";
    for (var i = 0; i < w.length; i++) { var k = LOOK_LATIN.indexOf(w[i]); out += k < 0 ? w[i] : LOOK_CYR[k]; }
    return out;
  }
  var SR_CYR = { "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z",
    "и": "i", "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o", "п": "p",
    "р": "r", "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "č", "џ": "dž", "ш": "š" };
  var SR_FOLD = { "č": "c", "ć": "c", "š": "s", "ž": "z", "đ": "dj" };
  function mapChars(w, table) { var out = ""; for (var i = 0; i < w.length; i++) { var c = w[i]; out += table[c] !== undefined ? table[c] : c; } return out; }
  function words(text) { return norm(text).match(WORD_RE) || []; }
  /* The typo lexicon's form of a word (ru-words, sr-words chains). */
  function surface(lang, w) {
    if (lang === "ru") return foldLookalikes(w.replace(/ё/g, "е"));
    return mapChars(mapChars(w, SR_CYR), SR_FOLD);
  }
  function katakana(w) {
    var out = "";
    for (var i = 0; i < w.length; i++) { var c = w.charCodeAt(i); out += (c >= 0x3041 && c <= 0x3096) ? String.fromCharCode(c + 0x60) : w[i]; }
    return out;
  }
  function jaTerms(text) {
    var out = [], m, t = norm(text);
    JA_RUN_RE.lastIndex = 0;
    while ((m = JA_RUN_RE.exec(t)) !== null) {
      if (m[1] === undefined) { out.push(m[0]); continue; }
      var run = katakana(m[1].replace(/・/g, ""));
      var chars = Array.from(run);
      if (chars.length === 1) out.push(chars[0]);
      for (var i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    }
    return out;
  }

  /* The analysed terms of a text in a language: stems looked up in the vocabulary the index ships. */
  function terms(lang, text) {
    if (lang === "ja") return jaTerms(text);
    var idx = prepared[lang];
    return words(text).map(function (w) { return stem(idx, surface(lang, w)); });
  }
  function stem(idx, form) {
    var known = idx.words.get(form);
    if (known) return known.stem;
    /* Not in the texts: the longest known stem it begins with whose rest is an ending the texts show. */
    for (var n = form.length; n >= 2; n--) {
      var head = form.slice(0, n);
      if (idx.stems.has(head) && idx.endings.has(form.slice(n))) return head;
    }
    return form;
  }

  /* -- the index -------------------------------------------------------------------------------------- */
  function prepare(lang) {
    if (prepared[lang]) return prepared[lang];
    var raw = window.RulingIndex && window.RulingIndex[lang];
    if (!raw) return null;
    var idx = { lang: lang, raw: raw, total: raw.total, boosts: raw.boosts, averages: raw.averages,
      lengths: raw.lengths, entries: raw.entries, postings: raw.postings, words: new Map(), stems: new Set(),
      endings: new Set(), sorted: [], byNum: new Map() };
    raw.entries.forEach(function (e, i) { if (e[2] === "rule") idx.byNum.set(e[0].toLowerCase(), i); });
    if (raw.stems) {
      /* Words of the English terms only: stemmed by lookup, never offered as typo corrections. */
      Object.keys(raw.stems).forEach(function (w) { idx.words.set(w, { stem: raw.stems[w], df: 0, extra: true }); idx.stems.add(raw.stems[w]); });
    }
    if (raw.lexicon) {
      Object.keys(raw.lexicon).forEach(function (s) {
        idx.stems.add(s);
        raw.lexicon[s].split(",").forEach(function (item) {
          var cut = item.lastIndexOf(":"), body = item.slice(0, cut), df = +item.slice(cut + 1);
          var word = body[0] === "=" ? body.slice(1) : s + body;
          if (body[0] !== "=") idx.endings.add(body);
          idx.words.set(word, { stem: s, df: df });
        });
      });
      idx.sorted = Array.from(idx.words.keys()).filter(function (w) { return !idx.words.get(w).extra; }).sort();
    }
    prepared[lang] = idx;
    return idx;
  }
  function postingsOf(table, term) { return Object.prototype.hasOwnProperty.call(table, term) ? table[term] : null; }
  /* Rows are [df per field…, entry delta, code, …]; fn gets each entry and code. */
  function eachPosting(row, fields, fn) { var entry = 0; for (var i = fields; i < row.length; i += 2) { entry += row[i]; fn(entry, row[i + 1]); } }
  function bm25(idf, tf, fl, avg) { return idf * (tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avg)); }
  function idfOf(total, df) { return Math.log(total / (df + 1)) + 1; }
  /* whoosh's BM25F score of a term in an entry: per field (text, title, alias) times the field's boost. */
  function weight(idx, row, entry, code) {
    var tfs = [code & 63, (code >> 6) & 7, (code >> 9) & 7], score = 0, lengths = idx.lengths[entry];
    for (var f = 0; f < 3; f++) {
      if (tfs[f]) score += idx.boosts[f] * bm25(idfOf(idx.total, row[f]), tfs[f], lengths[f], idx.averages[f]);
    }
    return score;
  }
  function readingOf(lang) { return window.RulingIndex && window.RulingIndex[lang + "-reading"]; }

  /* -- rule ids (ruling/ids.py) ----------------------------------------------------------------------- */
  var ID_LOOK_FROM = "аАвВсСеЕкКмМнНоОрРтТхХуУ", ID_LOOK_TO = "aABBcCeEkKmMHHoOpPtTxXyY";
  var CR_RE = /^(?:(\d{3})(?:\.(\d{1,2})([a-z])?)?|[0-9])$/, SR_RE = /^[A-F](?:\d{1,2}(?:\.\d{2,3})?)?$/;
  function foldId(text) {
    var t = text.normalize("NFKC"), out = "";
    for (var i = 0; i < t.length; i++) { var k = ID_LOOK_FROM.indexOf(t[i]); out += k < 0 ? t[i] : ID_LOOK_TO[k]; }
    return out.trim().replace(/\u2013|\u2014/g, "-").replace(/[.,;:]+$/, "");
  }
  function localId(text, doc) {
    var f = foldId(text).replace(/ /g, "");
    if (SCHEME[doc] === "cr") { f = f.toLowerCase(); return CR_RE.test(f) ? f : null; }
    f = f.toUpperCase();
    return SR_RE.test(f) ? f : null;
  }
  function idMatches(text, docs) {
    var t = text.normalize("NFKC").trim(), found = [];
    var q = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(t);
    docs.forEach(function (doc) {
      if (!SCHEME[doc]) return;
      var local, target = doc;
      if (q && SCHEME[q[1].toLowerCase()]) {
        target = q[1].toLowerCase();
        if (target !== doc) return;
        local = q[2] ? localId(q[2], target) : null;
      } else if (q || t.indexOf(":") >= 0) {
        return;
      } else {
        local = localId(t, doc);
      }
      if (local) { var key = (target + ":" + local).toLowerCase(); if (found.indexOf(key) < 0) found.push(key); }
    });
    return found;
  }

  /* -- the query (ruling/search/query.py) --------------------------------------------------------- */
  function Plan() { this.groups = {}; this.weights = {}; this.corrections = {}; this.boosts = {}; }
  Plan.prototype.add = function (lang, term, group, boost) {
    var g = this.groups[lang] || (this.groups[lang] = new Map());
    if (!g.has(term)) g.set(term, group);
    var b = this.boosts[lang] || (this.boosts[lang] = new Map());
    b.set(term, (b.get(term) || 0) + boost);
  };
  function idfWeight(idx, term) { var row = postingsOf(idx.postings, term); return Math.log(1 + idx.total / (1 + (row ? Math.max(row[0], row[1], row[2]) : 0))); }
  function known(langs, word) {
    return langs.some(function (lang) {
      var idx = prepared[lang];
      return terms(lang, word).some(function (t) { return postingsOf(idx.postings, t) !== null; });
    });
  }
  function expansions(idx, st) {
    if (st.length < EXPANSION_MIN_STEM) return [];
    var list = idx.sorted, lo = 0, hi = list.length, out = [];
    while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid] < st) lo = mid + 1; else hi = mid; }
    for (var i = lo; i < list.length && out.length < EXPANSION_LIMIT && list[i].lastIndexOf(st, 0) === 0; i++) out.push(list[i]);
    return out;
  }
  function editDistance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev = [], cur = [], i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur = [i]; var best = i;
      for (j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (cur[j] < best) best = cur[j];
      }
      if (best > max) return max + 1;
      prev = cur;
    }
    return prev[b.length];
  }
  function corrections(idx, word) {
    var max = word.length >= 8 ? 2 : 1, head = word.slice(0, 2), close = [];
    var list = idx.sorted, lo = 0, hi = list.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid] < head) lo = mid + 1; else hi = mid; }
    for (var i = lo; i < list.length && list[i].lastIndexOf(head, 0) === 0; i++) {
      var w = list[i];
      if (w !== word && editDistance(word, w, max) <= max) close.push(w);
    }
    close.sort(function (a, b) { return (idx.words.get(b).df - idx.words.get(a).df) || (a < b ? -1 : a > b ? 1 : 0); });
    return close.slice(0, 3);
  }
  function kanaOnly(text) {
    var letters = Array.from(text).filter(function (c) { return !/\s/.test(c); });
    return letters.length > 0 && letters.every(function (c) { var n = c.normalize("NFKC"); return CJK_RE.test(n) && !(n.charCodeAt(0) >= 0x3400 && n.charCodeAt(0) <= 0x9fff); });
  }
  function buildPlan(text, langs) {
    var plan = new Plan();
    langs.forEach(function (lang) {
      var idx = prepared[lang], seen = new Set();
      plan.weights[lang] = new Map();
      terms(lang, text).forEach(function (t) {
        if (seen.has(t)) return; seen.add(t);
        plan.add(lang, t, t, 1.0);
        plan.weights[lang].set(t, idfWeight(idx, t));
      });
    });
    var distinct = [];
    words(text).forEach(function (w) { if (distinct.indexOf(w) < 0) distinct.push(w); });
    distinct.forEach(function (word) {
      var isKnown = known(langs, word);
      langs.forEach(function (lang) {
        if (lang === "ja") return;
        var idx = prepared[lang];
        terms(lang, word).forEach(function (term) {
          expansions(idx, surface(lang, term)).forEach(function (related) {
            terms(lang, related).forEach(function (extra) { if (extra !== term) plan.add(lang, extra, term, EXPANSION_BOOST); });
          });
        });
        if (isKnown || word.length < TYPO_MIN_LENGTH) return;
        var misspelt = terms(lang, word);
        corrections(idx, surface(lang, word)).forEach(function (fixed) {
          terms(lang, fixed).forEach(function (t) { plan.add(lang, t, misspelt.length ? misspelt[0] : t, TYPO_BOOST); });
          if (!(word in plan.corrections)) plan.corrections[word] = fixed;
        });
      });
    });
    return plan;
  }

  function hitOf(idx, i, score, matched) {
    var e = idx.entries[i];
    return { key: e[0], doc: e[1], kind: e[2], title: e[3], context: e[4], href: e[5], excerpt: e[6], score: score, lang: idx.lang, terms: matched };
  }

  function search(text, docs, limit) {
    limit = limit || 10;
    var langs = [];
    docs.forEach(function (d) { var l = LANG_OF_DOC[d]; if (l && langs.indexOf(l) < 0 && prepare(l)) langs.push(l); });
    if (!text.trim() || !langs.length) return { hits: [], suggestion: null };
    var exact = [];
    idMatches(text, docs).forEach(function (key) {
      var lang = LANG_OF_DOC[key.split(":")[0]], idx = prepared[lang];
      if (idx && idx.byNum.has(key)) exact.push(hitOf(idx, idx.byNum.get(key), 1000, null));
    });
    if (exact.length) return { hits: exact.slice(0, limit), suggestion: null };
    var plan = buildPlan(text, langs), allowed = new Set(docs), ranked = [];
    var kana = langs.indexOf("ja") >= 0 && kanaOnly(text);
    langs.forEach(function (lang) {
      var idx = prepared[lang], scores = new Map(), matched = new Map();
      var boosts = plan.boosts[lang] || new Map();
      boosts.forEach(function (boost, term) {
        var row = postingsOf(idx.postings, term);
        if (!row) return;
        eachPosting(row, 3, function (entry, code) {
          if (!allowed.has(idx.entries[entry][1])) return;
          scores.set(entry, (scores.get(entry) || 0) + boost * weight(idx, row, entry, code));
          var m = matched.get(entry) || new Set(); m.add(term); matched.set(entry, m);
        });
      });
      var reading = lang === "ja" && kana ? readingOf(lang) : null;
      if (reading) {
        terms("ja", text).forEach(function (term) {
          var row = postingsOf(reading.postings, term);
          if (!row) return;
          var idf = idfOf(idx.total, row[0]);
          eachPosting(row, 1, function (entry, tf) {
            if (!allowed.has(idx.entries[entry][1])) return;
            scores.set(entry, (scores.get(entry) || 0) + READING_BOOST * bm25(idf, tf, reading.lengths[entry], reading.average));
            var m = matched.get(entry) || new Set(); m.add(term); matched.set(entry, m);
          });
        });
      }
      scores.forEach(function (score, entry) { ranked.push({ idx: idx, entry: entry, score: score, matched: matched.get(entry) || new Set() }); });
    });
    ranked.sort(function (a, b) { return b.score - a.score || a.entry - b.entry; });
    ranked = ranked.slice(0, Math.max(RERANK_DEPTH, limit));
    ranked.forEach(function (r) {
      var lang = r.idx.lang, groups = plan.groups[lang] || new Map(), weights = plan.weights[lang] || new Map();
      var covered = new Set(), total = 0, share = 0;
      r.matched.forEach(function (t) { if (groups.has(t)) covered.add(groups.get(t)); });
      weights.forEach(function (w) { total += w; });
      covered.forEach(function (g) { share += weights.get(g) || 0; });
      var coordination = total ? share / total : 1;
      r.final = r.score * coordination * coordination;
    });
    ranked.sort(function (a, b) { return b.final - a.final || a.entry - b.entry; });
    var hits = ranked.slice(0, limit).map(function (r) {
      return hitOf(r.idx, r.entry, r.final, new Set(plan.boosts[r.idx.lang] ? plan.boosts[r.idx.lang].keys() : []));
    });
    var suggestion = null;
    if (Object.keys(plan.corrections).length) {
      suggestion = text.replace(WORD_RE, function (w) { var l = w.toLowerCase(); return plan.corrections[l] || plan.corrections[w] || w; });
    }
    return { hits: hits, suggestion: suggestion };
  }

  /* Splits an excerpt into [text, matched] pieces: words whose stem the query looked for. */
  function highlight(hit) {
    var out = [], text = hit.excerpt, last = 0, m;
    if (!hit.terms || !hit.terms.size) return [[text, false]];
    if (hit.lang === "ja") {
      var chars = Array.from(text), marks = new Array(chars.length).fill(false);
      for (var i = 0; i + 1 < chars.length; i++) {
        if (hit.terms.has(katakana((chars[i] + chars[i + 1]).normalize("NFKC").toLowerCase()))) { marks[i] = marks[i + 1] = true; }
      }
      chars.forEach(function (c, k) {
        if (out.length && out[out.length - 1][1] === marks[k]) out[out.length - 1][0] += c; else out.push([c, marks[k]]);
      });
      return out;
    }
    var re = new RegExp(WORD_RE.source, "gu");
    while ((m = re.exec(text)) !== null) {
      var t = terms(hit.lang, m[0])[0];
      if (t !== undefined && hit.terms.has(t)) {
        if (m.index > last) out.push([text.slice(last, m.index), false]);
        out.push([m[0], true]);
        last = m.index + m[0].length;
      }
    }
    if (last < text.length) out.push([text.slice(last), false]);
    return out;
  }

  /* Tells whether a query needs the Japanese readings (written only in kana, over Japanese documents). */
  function needsReading(text, docs) { return docs.some(function (d) { return LANG_OF_DOC[d] === "ja"; }) && kanaOnly(text) && !readingOf("ja"); }

  window.RulingSearch = { search: search, highlight: highlight, prepare: prepare, needsReading: needsReading };
})();
