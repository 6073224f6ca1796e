/* The site's offline search: what `ruling search` does (ruling/search/query.py), over the index that
   ruling/sitegen/searchindex.py writes as assets/search-<lang>.js. No server, no fetch: works from file://.
   Exposes RulingSearch.search(query, docs, limit) -> {hits, suggestion, absent, today, unknown}.

   The steps follow query.py: rule numbers anywhere in the query come first (idquery.py); question words
   and fillers are dropped (stopwords.py); the content words are analysed as the index was (stems looked up
   in the vocabulary Python ships) and ranked by whoosh's BM25F with the same boosts; today's game words add
   the era terms of the terminology bridge (bridge.py); a second pass adds known words beginning with a
   stem and corrections of misspelt words (never of everyday words of the language); scores are multiplied
   by the squared share of the query's idf weight an entry covers; glossary and index entries count less
   for long queries and bring their best rule right behind them. As query.py and weights.py: in a long
   query, words no title, term or alias holds count half; a Japanese verb meets its other inflections; an
   era phrase of several terms covers the modern words by the share of it an entry holds; an English query
   reaches the Serbian text only through English terms and the bridge; a Serbian case form meets its
   stem's other consonant (k/c); a situation (concepts the bridge pairs) adds the words of its rule at
   SITUATION_BOOST; a search of several languages weighs the hits in the language the query is written in
   by HOME_BOOST (language.py). A game word the documents searched lack is named with the rules of the
   documents that have it, and never corrected (absence.py). A number of today's Comprehensive Rules no
   document searched has (702.19, 613) brings the era rules on its subject (modern_numbers.py). */
(function () {
  "use strict";
  var LANG_OF_DOC = { ru: "ru", guide: "ru", wiki: "ru", sr: "sr", ja: "ja" };
  var SCHEME = { ru: "cr", ja: "cr", wiki: "cr", sr: "sr" };
  var FORMS = ["en", "ru", "ja", "sr"];
  var TYPO_BOOST = 0.5, TYPO_MIN_LENGTH = 5, EXPANSION_BOOST = 0.5, EXPANSION_MIN_STEM = 4, BRIDGE_BOOST = 1.0, SITUATION_BOOST = 2.0;
  var EXPANSION_LIMIT = 8, RERANK_DEPTH = 100, READING_BOOST = 1.0, K1 = 1.2, B = 0.75;
  var NUMBERED = ["ru", "ja", "sr"], LONGEST_TERM = 4, TERM_WORD_RE = /[a-z][a-z'-]*/g;
  var LONG_QUERY_WORDS = 3, POINTER_PRIOR = 0.25, ID_SCORE = 1000, INCIDENTAL_SHARE = 0.5, CUE_STEM = 4, HOME_BOOST = 5.0;
  var LATIN_WITHOUT_ENGLISH = ["sr"], ALL_FIELDS = [1, 1, 1], ALIAS_ONLY = [0, 0, 1];
  var CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヶ";
  var CJK_RE = new RegExp("[" + CJK + "]");
  var JA_RUN_RE = new RegExp("([" + CJK + "][" + CJK + "・]*)|[^\\s\\p{P}\\p{S}" + CJK + "]+", "gu");
  var KATAKANA_WORD_RE = new RegExp("[ァ-ヺー]{2,}|[^\\s\\p{P}\\p{S}" + CJK + "]+", "gu");
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
  function wordTokens(text) {
    var t = norm(text), out = [], m, re = new RegExp(WORD_RE.source, "gu");
    while ((m = re.exec(t)) !== null) out.push({ text: m[0], start: m.index, end: m.index + m[0].length, source: t });
    return out;
  }
  function words(text) { return wordTokens(text).map(function (t) { return t.text; }); }
  /* The typo lexicon's form of a word (ru-words, sr-words chains). */
  function surface(lang, w) {
    if (lang === "ru") return foldLookalikes(w.replace(/ё/g, "е"));
    if (lang === "sr") return mapChars(mapChars(w, SR_CYR), SR_FOLD);
    return w;
  }
  function katakana(w) {
    var out = "";
    for (var i = 0; i < w.length; i++) { var c = w.charCodeAt(i); out += (c >= 0x3041 && c <= 0x3096) ? String.fromCharCode(c + 0x60) : w[i]; }
    return out;
  }
  function isLatin(w) { return /[a-z]/.test(w) && !/[а-яё]/.test(w); }
  function jaTerms(text, englishStem) {
    var out = [], m, t = norm(text), re = new RegExp(JA_RUN_RE.source, "gu");
    while ((m = re.exec(t)) !== null) {
      if (m[1] === undefined) { out.push(isLatin(m[0]) ? englishStem(m[0]) : m[0]); continue; }
      var chars = Array.from(katakana(m[1].replace(/・/g, "")));
      if (chars.length === 1) out.push(chars[0]);
      for (var i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    }
    return out;
  }
  /* Surface words of a text as the typo lexicon has them (ru-words, sr-words, ja-words chains). */
  function lexiconWords(lang, text) {
    if (lang !== "ja") return words(text).map(function (w) { return surface(lang, w); });
    return norm(text).match(new RegExp(KATAKANA_WORD_RE.source, "gu")) || [];
  }
  /* Stems a word by lookup in a table (word -> stem); a word the table lacks gets the longest known stem
     it begins with whose rest is an ending the table shows (the texts' own morphology). */
  function lookupStem(table, form) {
    var known = table.words.get(form);
    if (known && known.stem) return known.stem;
    for (var n = form.length; n >= 2; n--) {
      var head = form.slice(0, n);
      if (table.stems.has(head) && table.endings.has(form.slice(n))) return head;
    }
    return form;
  }
  /* The analysed terms of a text in a language, as the index has them. */
  function terms(lang, text) {
    var idx = prepared[lang];
    if (lang === "ja") return jaTerms(text, function (w) { return englishStem(idx, w); });
    return words(text).map(function (w) { return lookupStem(idx.vocab, surface(lang, w)); });
  }
  /* The Snowball English stem of a Latin word: from the bridge's English words, else from the vocabulary
     of Russian and Japanese (whose chains stem Latin words with Snowball English; Serbian's does not). */
  function englishStem(idx, w) {
    var en = idx.bridgeTables.en, known = en && en.words.get(w);
    if (known) return known.stem;
    if (idx.lang !== "sr") {
      var own = idx.vocab.words.get(w), guess = lookupStem(idx.vocab, w);
      if (own && own.stem) return own.stem;
      if (guess !== w) return guess;
    }
    return en ? lookupStem(en, w) : w;
  }

  /* -- the index -------------------------------------------------------------------------------------- */
  function table() { return { words: new Map(), stems: new Set(), endings: new Set() }; }
  function addWord(t, word, stem, df) {
    t.words.set(word, { stem: stem, df: df });
    if (!stem) return;
    t.stems.add(stem);
    if (word.lastIndexOf(stem, 0) === 0) t.endings.add(word.slice(stem.length));
  }
  function prepare(lang) {
    if (prepared[lang]) return prepared[lang];
    var raw = window.RulingIndex && window.RulingIndex[lang];
    if (!raw) return null;
    var idx = { lang: lang, raw: raw, total: raw.total, boosts: raw.boosts, averages: raw.averages,
      lengths: raw.lengths, entries: raw.entries, postings: raw.postings, vocab: table(), sorted: [],
      byNum: new Map(), byKey: new Map(), stop: raw.stop, bridge: raw.bridge || null, bridgeTables: {},
      absence: raw.absence || null, lacking: new Set(raw.absence ? raw.absence.lacking : []),
      common: new Set(raw.common || []), spellings: raw.spellings || {},
      slangBlocked: new Set(raw.slang ? raw.slang.blocked : []) };
    raw.entries.forEach(function (e, i) { idx.byKey.set(e[0], i); if (e[2] === "rule") idx.byNum.set(e[0].toLowerCase(), i); });
    Object.keys(raw.lexicon).forEach(function (s) {
      raw.lexicon[s].split(",").forEach(function (item) {
        var cut = item.lastIndexOf(":"), body = item.slice(0, cut), df = +item.slice(cut + 1);
        addWord(idx.vocab, body[0] === "=" ? body.slice(1) : s + body, s, df);
      });
    });
    idx.sorted = Array.from(idx.vocab.words.keys()).sort();
    if (idx.bridge) {
      Object.keys(idx.bridge.stems).forEach(function (form) {
        var t = idx.bridgeTables[form] = table(), words = idx.bridge.stems[form];
        Object.keys(words).forEach(function (w) { addWord(t, w, words[w], 0); });
      });
    }
    idx.stopOwn = new Set(raw.stop.own);
    idx.stopEn = new Set(raw.stop.en);
    postingsTable(raw.postings);  /* opened here, while the page waits, rather than at the first keystroke */
    prepared[lang] = idx;
    return idx;
  }
  /* The postings as the index ships them (searchindex.py postings_table): the terms in JavaScript's
     string order joined by spaces, and their rows in the same order, each a string of base-64 digits: a
     number is a big-endian varint of 5-bit digits, a digit of 32 or more saying more follow (encode_row).
     Opened by prepare; a term is found by binary search and its row decoded when first looked up, then kept. */
  var DIGIT = new Int8Array(128).fill(-1);
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".split("").forEach(function (c, i) { DIGIT[c.charCodeAt(0)] = i; });
  function decodeRow(text, from, to) {
    var out = [], number = 0, end = to === undefined ? text.length : to;
    for (var i = from || 0; i < end; i++) {
      var d = DIGIT[text.charCodeAt(i)];
      number = number * 32 + (d & 31);
      if (d < 32) { out.push(number); number = 0; }
    }
    return out;
  }
  /* The terms as an array, and where each row begins in the rows string (rows are read in place: no
     string per row is made). */
  var opened = new WeakMap();
  function postingsTable(table) {
    var found = opened.get(table);
    if (found) return found;
    var terms = table.terms.split(" "), starts = new Int32Array(terms.length + 1), rows = table.rows;
    for (var i = 1, at = 0; i < terms.length; i++) starts[i] = at = rows.indexOf(" ", at) + 1;
    starts[terms.length] = rows.length + 1;
    opened.set(table, found = { terms: terms, starts: starts, rows: rows, decoded: new Map() });
    return found;
  }
  function rowAt(t, i) { return decodeRow(t.rows, t.starts[i], t.starts[i + 1] - 1); }
  function postingsOf(table, term) {
    var t = postingsTable(table), row = t.decoded.get(term);
    if (row !== undefined) return row;
    var i = lowerBound(t.terms, term);
    row = i < t.terms.length && t.terms[i] === term ? rowAt(t, i) : null;
    t.decoded.set(term, row);
    return row;
  }
  /* The first number of a row (a term's document frequency in the first field), read in place. */
  function firstNumber(text, at) { var number = 0, d; do { d = DIGIT[text.charCodeAt(at++)]; number = number * 32 + (d & 31); } while (d >= 32); return number; }
  /* Rows are [df per field…, entry delta, code, …]; fn gets each entry and code. */
  function eachPosting(row, fields, fn) { var entry = 0; for (var i = fields; i < row.length; i += 2) { entry += row[i]; fn(entry, row[i + 1]); } }
  function bm25(idf, tf, fl, avg) { return idf * (tf * (K1 + 1)) / (tf + K1 * ((1 - B) + B * fl / avg)); }
  function idfOf(total, df) { return Math.log(total / (df + 1)) + 1; }
  /* whoosh's BM25F score of a term in an entry: per field (text, title, alias) times the field's boost. */
  function weight(idx, row, entry, code, boosts) {
    var tfs = [code & 63, (code >> 6) & 7, (code >> 9) & 7], score = 0, lengths = idx.lengths[entry];
    for (var f = 0; f < 3; f++) {
      if (tfs[f] && boosts[f]) score += idx.boosts[f] * boosts[f] * bm25(idfOf(idx.total, row[f]), tfs[f], lengths[f], idx.averages[f]);
    }
    return score;
  }
  function readingOf(lang) { return window.RulingIndex && window.RulingIndex[lang + "-reading"]; }

  /* -- rule numbers anywhere in the query (ruling/search/idquery.py, ruling/ids.py) ------------------ */
  var ID_LOOK_FROM = "аАвВсСеЕкКмМнНоОрРтТхХуУ", ID_LOOK_TO = "aABBcCeEkKmMHHoOpPtTxXyY";
  var CR_RE = /^(?:(\d{3})(?:\.(\d{1,2})([a-z])?)?|[0-9])$/, SR_RE = /^[A-F](?:\d{1,2}(?:\.\d{2,3})?)?$/;
  var LETTER = "A-Za-zА-Яа-яЁё";
  var CANDIDATE_RE = new RegExp("(?:(ru|ja|sr|wiki)\\s*:\\s*)?(?:((?<![0-9])\\d{3}(?:[.,]\\d{1,2}(?:[a-zа-яё](?![" + LETTER +
    "]))?)?(?![0-9]))|((?<![" + LETTER + "0-9])[A-FА-ЕЦФБДa-fа-ецфбд]\\d{1,2}(?:[.,]\\d{2,3})?(?![0-9])))", "gi");
  var ID_WORD_RE = /[^\s.,;:!?()«»"'“”„]+/g;
  var SR_PARTS = { "б": "b", "Б": "B", "ц": "c", "Ц": "C", "д": "d", "Д": "D", "ф": "f", "Ф": "F" };
  function foldId(text) {
    var t = text.normalize("NFKC"), out = "";
    for (var i = 0; i < t.length; i++) { var k = ID_LOOK_FROM.indexOf(t[i]); out += k < 0 ? t[i] : ID_LOOK_TO[k]; }
    out = out.trim().replace(/\u2013|\u2014/g, "-");
    return out.replace(/(?<=\d),(?=\d)/g, ".").replace(/[.,;:]+$/, "");
  }
  /* RuleId.parse of a bare id in doc (ruling/ids.py normalize_local): the canonical local part, or null. */
  function localId(text, doc) {
    var f = foldId(text).replace(/ /g, "");
    if (SCHEME[doc] === "cr") { f = f.toLowerCase(); return CR_RE.test(f) ? f : null; }
    f = mapChars(f, SR_PARTS).toUpperCase();
    return SR_RE.test(f) ? f : null;
  }
  function idWords(text) { return text.match(ID_WORD_RE) || []; }
  function announced(text, start, end, prefix) {
    var before = idWords(text.slice(0, start)).map(function (w) { return w.toLowerCase(); }), after = idWords(text.slice(end));
    if (!before.length && !after.length) return true;
    var attached = text.slice(0, start).replace(/\s+$/, "");
    return (before.length > 0 && prefix.has(before[before.length - 1])) || /(§|№|第|ルール)$/.test(attached);
  }
  function readIds(text, docs, prefix) {
    return readNumbered(text, prefix, function (m) {
      var codes = m[1] ? [m[1].toLowerCase()] : docs.filter(function (d) { return SCHEME[d]; }), ids = [];
      codes.forEach(function (code) {
        if (docs.indexOf(code) < 0) return;
        var local = localId(m[2] || m[3], code);
        if (local) ids.push((code + ":" + local).toLowerCase());
      });
      return ids;
    });
  }
  /* The numbers of today's Comprehensive Rules' form the query names, without a letter (idquery.py read_numbers). */
  function readNumbers(text, prefix) {
    return readNumbered(text, prefix, function (m) { return m[2] ? [m[2].match(/^\d{3}(?:[.,]\d{1,2})?/)[0].replace(",", ".")] : []; });
  }
  function readNumbered(text, prefix, parse) {
    var t = text.normalize("NFKC"), found = [], spans = [], m, re = new RegExp(CANDIDATE_RE.source, "gi");
    while ((m = re.exec(t)) !== null) {
      var body = m[2] || m[3];
      if (body.indexOf(".") < 0 && body.indexOf(",") < 0 && !announced(t, m.index, m.index + m[0].length, prefix)) continue;
      var ids = parse(m);
      if (ids.length) {
        ids.forEach(function (i) { if (found.indexOf(i) < 0) found.push(i); });
        spans.push([m.index, m.index + m[0].length]);
      }
    }
    if (!found.length) return { ids: [], rest: text };
    var pieces = [], position = 0;
    spans.forEach(function (s) { pieces.push(t.slice(position, s[0])); position = s[1]; });
    pieces.push(t.slice(position));
    var rest = pieces.map(function (piece, n) {
      if (n < pieces.length - 1) ["第", "§", "№", "ルール"].forEach(function (mark) { if (piece.endsWith(mark)) piece = piece.slice(0, -mark.length); });
      if (n > 0) ["項", "条"].forEach(function (mark) { if (piece.startsWith(mark)) piece = piece.slice(mark.length); });
      return piece;
    }).join(" ");
    return { ids: found, rest: idWords(rest).filter(function (w) { return !prefix.has(w.toLowerCase()); }).join(" ") };
  }

  /* -- question words and fillers (ruling/search/stopwords.py) --------------------------------------- */
  function stopKey(word, lang) {
    var w = word.normalize("NFKC").toLowerCase();
    return lang === "sr" ? mapChars(mapChars(w, SR_CYR), SR_FOLD) : w.replace(/ё/g, "е");
  }
  function isStopword(idx, word) { return idx.stopEn.has(stopKey(word, "en")) || idx.stopOwn.has(stopKey(word, idx.lang)); }
  function nearStopword(idx, word) {
    var key = stopKey(word, idx.lang);
    if (key.length < idx.stop.near) return false;
    return [idx.stopOwn, idx.stopEn].some(function (set) {
      for (var stop of set) if (Math.abs(stop.length - key.length) <= 1 && editDistance(key, stop, 1) <= 1) return true;
      return false;
    });
  }
  function contentText(idx, text) {
    if (idx.lang === "ja") text = japaneseContent(idx, text);
    var kept = [], re = /[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}\p{N}_]+)?/gu, m;
    while ((m = re.exec(text)) !== null) {
      var word = m[0];
      if (isStopword(idx, word) || (nearStopword(idx, word) && !knownIn(idx, word))) continue;
      kept.push(word.replace(/([a-z])['’]s$/i, "$1"));
    }
    return kept.join(" ");
  }
  var KANA_RE = /[\u3040-\u309f]/;
  function japaneseContent(idx, text) {
    text = text.normalize("NFKC");
    var chars = Array.from(text);
    if (!chars.some(function (c) { return !KANA_RE.test(c) && !/\s/.test(c) && c.charCodeAt(0) > 127; })) return text;
    idx.stop.phrases.forEach(function (p) { text = text.split(p).join(" "); });
    chars = Array.from(text);
    var content = function (c) { return !/\s/.test(c) && !KANA_RE.test(c); };
    for (var i = 0; i < chars.length; i++) {
      if (idx.stop.particles.indexOf(chars[i]) < 0) continue;
      var before = i > 0 ? chars[i - 1] : " ", after = i + 1 < chars.length ? chars[i + 1] : " ";
      if (content(before) && (after === " " || content(after))) chars[i] = " ";
    }
    /* A run of hiragana keeps, after a kanji, its first letter (the inflection the index pairs with the
       stem: 引ける → 引け); otherwise nothing (particles, auxiliaries). */
    return chars.join("").replace(/[\u3041-\u309f]+/g, function (run, at, whole) {
      var counter = at >= 2 && /\p{Nd}/u.test(whole[at - 2]);  /* ９枚ある: 枚 counts, it is no verb stem */
      return at > 0 && isKanji(whole[at - 1]) && !counter ? run[0] + " " : " ";
    });
  }
  function isKanji(c) { return (c >= "\u3400" && c <= "\u9fff") || c === "々"; }
  /* A query reads as English: two English function words at least, and more than the language's. */
  function readsAsEnglish(idx, text) {
    var english = 0, own = 0, re = /[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}\p{N}_]+)?/gu, m;
    while ((m = re.exec(text)) !== null) {
      if (idx.stopEn.has(stopKey(m[0], "en"))) english++;
      if (idx.stopOwn.has(stopKey(m[0], idx.lang))) own++;
    }
    return english >= 2 && english > own;
  }

  /* -- the terminology bridge (ruling/search/bridge.py) ---------------------------------------------- */
  function formTokens(idx, form, text) {
    if (form === "ja") {
      var out = [], t = norm(text), m, re = new RegExp(JA_RUN_RE.source, "gu");
      while ((m = re.exec(t)) !== null) {
        if (m[1] === undefined) { out.push({ text: isLatin(m[0]) ? englishStem(idx, m[0]) : m[0], start: m.index, end: m.index + m[0].length, source: t }); continue; }
        var run = m[1], chars = [], offsets = [];
        for (var k = 0; k < run.length; k++) if (run[k] !== "・") { chars.push(katakana(run[k])); offsets.push(m.index + k); }
        if (chars.length === 1) out.push({ text: chars[0], start: offsets[0], end: offsets[0] + 1, source: t });
        for (var i = 0; i + 1 < chars.length; i++) out.push({ text: chars[i] + chars[i + 1], start: offsets[i], end: offsets[i + 1] + 1, source: t });
      }
      return out;
    }
    return wordTokens(text).map(function (tok) {
      var stem;
      if (form === "en") stem = /^[a-z]+$/.test(tok.text) ? englishStem(idx, tok.text) : tok.text;
      else {
        var word = surface(form, tok.text), bridged = idx.bridgeTables[form], known = bridged && bridged.words.get(word);
        if (known) stem = known.stem;
        else if (form === idx.lang) stem = lookupStem(idx.vocab, word);
        else stem = bridged ? lookupStem(bridged, word) : word;
      }
      return { text: stem, start: tok.start, end: tok.end, source: tok.source };
    });
  }
  /* The modern forms found in the text as bridge.py matches finds them: per form, the longest spans first
     and then the earliest, each word used once; over every form, ordered by length, place, concept, form
     and words, the first of each concept kept unless a form kept before covers any of its characters. */
  function bridgeMatches(idx, text) {
    if (!idx.bridge) return [];
    var analysed = {}, found = [], seen = new Set(), result = [];
    FORMS.forEach(function (form) { analysed[form] = formTokens(idx, form, text); });
    FORMS.forEach(function (form) {
      var tokens = analysed[form], texts = tokens.map(function (t) { return t.text; }), spans = [], used = new Set();
      var present = new Set(texts);
      idx.bridge.forms.forEach(function (f, order) {
        var want = f[2];
        if (f[1] !== form || !present.has(want[0])) return;
        for (var start = 0; start + want.length <= texts.length; start++) {
          var same = true;
          for (var i = 0; i < want.length && same; i++) same = texts[start + i] === want[i];
          if (same) spans.push({ length: want.length, start: start, concept: f[0], order: order });
        }
      });
      spans.sort(function (a, b) { return b.length - a.length || a.start - b.start || a.order - b.order; });
      spans.forEach(function (s) {
        for (var k = s.start; k < s.start + s.length; k++) if (used.has(k)) return;
        for (var j = s.start; j < s.start + s.length; j++) used.add(j);
        var first = tokens[s.start], last = tokens[s.start + s.length - 1];
        found.push({ length: s.length, start: s.start, concept: s.concept, form: form, modern: first.source.slice(first.start, last.end), from: first.start, to: last.end });
      });
    });
    function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }
    found.sort(function (a, b) {
      return b.length - a.length || a.start - b.start || cmp(a.concept, b.concept) || cmp(a.form, b.form) || cmp(a.modern, b.modern);
    });
    var taken = [];
    found.forEach(function (m) {
      if (seen.has(m.concept) || taken.some(function (t) { return m.from < t.to && t.from < m.to; })) return;
      seen.add(m.concept);
      taken.push(m);
      result.push({ concept: m.concept, form: m.form, modern: m.modern, era: idx.bridge.era[m.concept] || [] });
    });
    return result.concat(situations(idx, analysed));
  }
  /* The words of the query the tokens stand on, in its order, overlapping tokens as one (bridge.py _surface). */
  function spanText(tokens) {
    var spans = [];
    tokens.slice().sort(function (a, b) { return a.start - b.start || a.end - b.end; }).forEach(function (t) {
      var last = spans[spans.length - 1];
      if (last && t.start < last.end) last.end = Math.max(last.end, t.end);
      else spans.push({ start: t.start, end: t.end, source: t.source });
    });
    return spans.map(function (s) { return s.source.slice(s.start, s.end); }).join(" ");
  }
  /* The situations whose every concept the query names, by a cue's words in any order and place (a word
     naming a term of CUE_STEM letters or more when it begins with it), as bridge.py reads them. */
  function situations(idx, analysed) {
    var named = {}, found = [];
    (idx.bridge.cues || []).forEach(function (c) {
      var concept = c[0], tokens = analysed[c[1]];
      if (named[concept] !== undefined) return;
      var hits = c[2].map(function (term) {
        for (var i = 0; i < tokens.length; i++) {
          var w = tokens[i].text;
          if (w === term || (term.length >= CUE_STEM && w.startsWith(term))) return tokens[i];
        }
        return null;
      });
      if (hits.every(function (t) { return t !== null; })) named[concept] = spanText(hits);
    });
    (idx.bridge.situations || []).forEach(function (s) {
      var era = idx.bridge.era[s[0]];
      if (!era || !s[1].every(function (c) { return named[c] !== undefined; })) return;
      found.push({ concept: s[0], modern: unique(s[1].map(function (c) { return named[c]; })).join(" + "), era: era, situation: true });
    });
    return found;
  }
  /* The bridge's matches of a query in each language searched (byLang), and over all of them, each concept
     once (all: bridge.py reads the query once for every language). */
  function readBridge(text, langs) {
    var seen = new Set(), all = [], byLang = {};
    langs.forEach(function (lang) {
      byLang[lang] = bridgeMatches(prepared[lang], text);
      byLang[lang].forEach(function (m) {
        if (!seen.has(m.concept)) { seen.add(m.concept); all.push(m); }
      });
    });
    return { all: all, byLang: byLang };
  }
  function lacks(lang, concept) { return prepared[lang].lacking.has(concept); }
  /* The words of the query a language never corrects: those naming a concept of the bridge in English or
     in the language, or one a document searched lacks, and the English terms the documents searched lack
     (named: termAbsences; query.py _bridged_words). */
  function bridgedWords(lang, matches, langs, named) {
    var out = new Set(), add = function (text) { lexiconWords(lang, text).forEach(function (w) { out.add(w); }); };
    matches.forEach(function (m) {
      if (m.situation) return;
      if (m.form === lang || m.form === "en" || langs.some(function (l) { return lacks(l, m.concept); })) add(m.modern);
    });
    named.forEach(function (a) { add(a.modern); });
    return out;
  }

  /* -- what the documents searched lack (ruling/search/absence.py) ------------------------------------- */
  function absenceData(langs) {
    for (var i = 0; i < langs.length; i++) if (prepared[langs[i]].absence) return prepared[langs[i]].absence;
    return null;
  }
  function englishWords(text) { return text.toLowerCase().match(TERM_WORD_RE) || []; }
  /* The bridge's concepts of the query that languages searched lack, each with the languages lacking it,
     the rules holding it and the nearest words searched instead (absence.py from_bridge). */
  function bridgeAbsences(langs, matches) {
    var data = absenceData(langs), found = [];
    if (!data) return found;
    matches.forEach(function (m) {
      if (m.situation) return;
      var missing = langs.filter(function (l) { return lacks(l, m.concept); });
      if (!missing.length) return;
      var near = {};
      missing.forEach(function (l) {
        var era = prepared[l].bridge.era[m.concept];
        if (era && era.length) near[l] = era.map(function (p) { return p[0]; });
      });
      found.push({ modern: m.modern, concept: m.concept, missing: missing, homes: data.homes[m.concept] || [],
        nowhere: data.nowhere.indexOf(m.concept) >= 0, near: near });
    });
    return linked(found, data);
  }
  /* The English terms of the keyword parts the query names exactly (longest first, each word once, none of
     the bridge's phrases) that languages searched lack, each with the rules holding it (from_terms). */
  function termAbsences(text, langs, matches) {
    var data = absenceData(langs), found = [];
    if (!data) return found;
    var words = englishWords(text), used = new Set();
    /* No word of a phrase the bridge covers is looked up (absence.py from_terms). */
    matches.forEach(function (m) {
      var phrase = englishWords(m.modern), size = phrase.length;
      for (var at = 0; size && at + size <= words.length; at++) {
        if (words.slice(at, at + size).join(" ") === phrase.join(" ")) for (var w = at; w < at + size; w++) used.add(w);
      }
    });
    for (var length = Math.min(LONGEST_TERM, words.length); length > 0; length--) {
      for (var start = 0; start + length <= words.length; start++) {
        var span = words.slice(start, start + length), clash = false, k;
        for (k = start; k < start + length; k++) if (used.has(k)) clash = true;
        if (clash) continue;
        var docs = termDocs(data.terms, span);
        if (!docs) continue;
        for (k = start; k < start + length; k++) used.add(k);
        var missing = langs.filter(function (l) { return NUMBERED.indexOf(l) >= 0 && !(l in docs); });
        if (!missing.length) continue;
        var homes = [];
        NUMBERED.forEach(function (d) { (docs[d] || []).forEach(function (h) { homes.push(h); }); });
        found.push({ modern: span.join(" "), concept: span.join(" "), missing: missing, homes: homes, nowhere: false, near: {} });
      }
    }
    return linked(found, data);
  }
  function linked(found, data) {
    found.forEach(function (a) { a.hrefs = a.homes.map(function (k) { return data.hrefs[k] || ""; }); });
    return found;
  }
  /* The documents giving a term, singular or plural ("split card", "Split Cards"), or null. */
  function termDocs(table, words) {
    var last = words[words.length - 1], head = words.slice(0, -1);
    var forms = [last, last + "s", /s$/.test(last) && last.length > 3 ? last.slice(0, -1) : last];
    for (var i = 0; i < forms.length; i++) {
      var found = table[head.concat([forms[i]]).join(" ")];
      if (found) return found;
    }
    return null;
  }

  /* -- the query (ruling/search/query.py) --------------------------------------------------------- */
  function Plan() {
    this.groups = {}; this.weights = {}; this.corrections = {}; this.boosts = {}; this.era = {}; this.phrases = {}; this.fields = {};
  }
  /* A term searched (boost on the query's fields, or on every field if all), standing for query terms
     (none given: for itself; standsFor false: for none, as a term of a longer era phrase). */
  Plan.prototype.add = function (lang, term, standsFor, boost, all) {
    var g = this.groups[lang] || (this.groups[lang] = new Map());
    if (!g.has(term)) g.set(term, new Set());
    if (standsFor !== false) (standsFor && standsFor.length ? standsFor : [term]).forEach(function (s) { g.get(term).add(s); });
    if (boost) {
      var b = this.boosts[lang] || (this.boosts[lang] = new Map()), mask = all ? ALL_FIELDS : this.fields[lang] || ALL_FIELDS;
      var fb = b.get(term) || [0, 0, 0];
      b.set(term, fb.map(function (x, f) { return x + boost * mask[f]; }));
    }
  };
  function idfWeight(idx, term) { var row = postingsOf(idx.postings, term); return Math.log(1 + idx.total / (1 + (row ? Math.max(row[0], row[1], row[2]) : 0))); }
  function knownIn(idx, word) { return terms(idx.lang, word).some(function (t) { return postingsOf(idx.postings, t) !== null; }); }
  function inLexicon(idx, word) {
    if (idx.vocab.words.has(word)) return true;
    return (idx.lang !== "ja" || /^[\x00-\x7f]*$/.test(word)) && knownIn(idx, word);
  }
  function lowerBound(list, key) {
    var lo = 0, hi = list.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid] < key) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function expansions(idx, st) {
    if (st.length < EXPANSION_MIN_STEM) return [];
    var list = idx.sorted, out = [];
    for (var i = lowerBound(list, st); i < list.length && out.length < EXPANSION_LIMIT && list[i].lastIndexOf(st, 0) === 0; i++) out.push(list[i]);
    return out;
  }
  /* Levenshtein distance (a transposition counts as two), or limit + 1 once it exceeds limit. */
  function editDistance(a, b, limit) {
    var prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      var cur = [i], best = i;
      for (j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (cur[j] < best) best = cur[j];
      }
      if (best > limit) return limit + 1;
      prev = cur;
    }
    return Math.min(prev[b.length], limit + 1);
  }
  function corrections(idx, word) {
    if (word.length < 3) return [];
    var max = word.length >= 7 ? 2 : 1, head = word[0], close = [], list = idx.sorted;
    for (var i = lowerBound(list, head); i < list.length && list[i][0] === head; i++) {
      var w = list[i];
      if (w === word || Math.abs(w.length - word.length) > max) continue;
      var d = editDistance(word, w, max);
      if (d <= max) close.push({ w: w, d: d, df: idx.vocab.words.get(w).df });
    }
    close.sort(function (a, b) { return (a.d - b.d) || (b.df - a.df) || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0); });
    return close.slice(0, 3).map(function (c) { return c.w; });
  }
  function kanaOnly(text) {
    var letters = Array.from(text).filter(function (c) { return !/\s/.test(c); });
    return letters.length > 0 && letters.every(function (c) { var n = c.normalize("NFKC"); return CJK_RE.test(n) && !(n.charCodeAt(0) >= 0x3400 && n.charCodeAt(0) <= 0x9fff); });
  }
  function expanded(idx, plan, stems, standsFor, boost) {
    if (idx.lang === "ja") return;
    stems.forEach(function (st) {
      expansions(idx, surface(idx.lang, st)).forEach(function (related) {
        terms(idx.lang, related).forEach(function (extra) {
          if (extra !== st && stems.indexOf(extra) < 0) plan.add(idx.lang, extra, standsFor, boost);
        });
      });
    });
  }
  /* For each kanji with the hiragana inflecting it in the query (引け), the bigrams of that kanji with
     other inflections the text holds (引く, 引い), standing for it at reduced weight. */
  function inflections(idx, plan, content) {
    var chars = Array.from(content);
    for (var i = 0; i + 1 < chars.length; i++) {
      if (!isKanji(chars[i]) || !KANA_RE.test(chars[i + 1])) continue;
      var own = katakana(chars[i] + chars[i + 1]), forms = stemForms(idx, chars[i]);
      forms.filter(function (t) { return t !== own; }).slice(0, EXPANSION_LIMIT).forEach(function (t) { plan.add("ja", t, [own], EXPANSION_BOOST); });
    }
  }
  /* The bigrams of the text made of a kanji and a kana letter, by kanji: most used first. */
  function stemForms(idx, kanji) {
    if (!idx.stems) {
      idx.stems = new Map();
      var dfs = new Map(), table = postingsTable(idx.postings);
      table.terms.forEach(function (t, i) {
        var chars = Array.from(t);
        if (chars.length !== 2 || !isKanji(chars[0]) || !(chars[1] >= "\u30a1" && chars[1] <= "\u30f6")) return;
        var df = firstNumber(table.rows, table.starts[i]);
        if (!df) return;
        dfs.set(t, df);
        (idx.stems.get(chars[0]) || idx.stems.set(chars[0], []).get(chars[0])).push(t);
      });
      idx.stems.forEach(function (list) { list.sort(function (a, b) { return dfs.get(b) - dfs.get(a); }); });
    }
    return idx.stems.get(kanji) || [];
  }
  /* A Serbian stem ending in k, g, h (c, z, s) also meets the other consonant of its pair where the text
     holds it: biblioteka, u biblioteci. */
  var SIBILANTS = { c: "k", z: "g", s: "h", k: "c", g: "z", h: "s" }, SIBILANT_BOOST = 1.0;
  function sibilantForms(idx, plan, own) {
    own.forEach(function (t) {
      if (t.length < 3 || !SIBILANTS[t[t.length - 1]]) return;
      var other = t.slice(0, -1) + SIBILANTS[t[t.length - 1]], row = postingsOf(idx.postings, other);
      var mask = plan.fields.sr || ALL_FIELDS;
      if (row && [0, 1, 2].some(function (f) { return mask[f] && row[f] > 0; })) plan.add("sr", other, [t], SIBILANT_BOOST);
    });
  }
  /* The root a verb of Latin origin shares with its noun: regeneris → regener (regeneracija). */
  var VERB_SUFFIXES = { sr: ["isa", "is", "ira", "ir"], ru: ["ирова", "ир"] }, ROOT_MIN = 5;
  function verbRoot(lang, st) {
    var list = VERB_SUFFIXES[lang] || [];
    for (var i = 0; i < list.length; i++) {
      if (st.endsWith(list[i]) && st.length - list[i].length >= ROOT_MIN) return st.slice(0, -list[i].length);
    }
    return null;
  }
  function unique(list) { return list.filter(function (x, i) { return list.indexOf(x) === i; }); }
  function buildPlan(text, langs, bridge, named, home) {
    var plan = new Plan(), kana = {};
    langs.forEach(function (lang) {
      var idx = prepared[lang], content = contentText(idx, text), own = unique(terms(lang, content));
      var weights = plan.weights[lang] = new Map(), long = own.length >= LONG_QUERY_WORDS;
      if (LATIN_WITHOUT_ENGLISH.indexOf(lang) >= 0 && readsAsEnglish(idx, text)) plan.fields[lang] = ALIAS_ONLY;
      own.forEach(function (t) {
        var row = postingsOf(idx.postings, t), named = row && (row[1] > 0 || row[2] > 0);
        var share = long && !named ? INCIDENTAL_SHARE : 1.0;
        plan.add(lang, t, null, share); weights.set(t, idfWeight(idx, t) * share);
      });
      if (lang === "sr") sibilantForms(idx, plan, own);
      kana[lang] = lang === "ja" && kanaOnly(content) ? terms("ja", content) : [];
      bridge.byLang[lang].forEach(function (match) {
        var modern = terms(lang, match.modern).filter(function (t) { return weights.has(t); });
        if (!modern.length) modern = own;
        match.era.forEach(function (phrase) {
          var words = unique(phrase[1]);
          words.forEach(function (t) {
            if (weights.has(t)) return;
            plan.add(lang, t, false, match.situation ? SITUATION_BOOST : BRIDGE_BOOST, true);
            var era = plan.era[lang] || (plan.era[lang] = new Map());
            if (!era.has(t)) era.set(t, phrase[0]);
          });
          /* One term stands for the modern words as a word does; a longer phrase covers them by the
             share of it (by idf) an entry holds. */
          if (words.length === 1) plan.add(lang, words[0], modern, 0);
          else if (words.length) {
            var share = new Map();
            words.forEach(function (t) { share.set(t, idfWeight(idx, t)); });
            (plan.phrases[lang] || (plan.phrases[lang] = [])).push({ terms: share, stands: modern });
          }
        });
      });
      var bridged = bridgedWords(lang, bridge.all, langs, named);
      unique(lexiconWords(lang, content)).forEach(function (word) {
        var mine = terms(lang, word);
        expanded(idx, plan, mine, mine, EXPANSION_BOOST);
        mine.forEach(function (t) { var r = verbRoot(lang, t); if (r) expanded(idx, plan, [r], [t], EXPANSION_BOOST); });
        if (word.length < (lang === "ja" ? 3 : TYPO_MIN_LENGTH) || bridged.has(word) || inLexicon(idx, word)) return;
        if (idx.common.has(word)) return;  /* an everyday word of the language, no typo (common_words.py) */
        /* a word of the language the query is written in, no typo of another's (query.py Home) */
        if (home.some(function (h) { return h !== lang && holds(h, word); })) return;
        corrections(idx, word).forEach(function (correction) {
          correction = idx.spellings[correction] || correction;  /* as the texts spell it (lexicon.py) */
          var fixed = terms(lang, correction).filter(function (t) { return mine.indexOf(t) < 0; });
          fixed.forEach(function (t) { plan.add(lang, t, mine.length ? mine : [t], TYPO_BOOST); });
          expanded(idx, plan, fixed, mine.length ? mine : fixed, TYPO_BOOST * EXPANSION_BOOST);
          if (!(word in plan.corrections)) plan.corrections[word] = correction;
        });
      });
      if (lang === "ja") inflections(idx, plan, content);
    });
    plan.kana = kana;
    return plan;
  }

  function hitOf(idx, i, score, matched) {
    var e = idx.entries[i];
    return { key: e[0], doc: e[1], kind: e[2], title: e[3], context: e[4], href: e[5], excerpt: e[6], score: score, lang: idx.lang, terms: matched };
  }
  function under(key, cited) {
    if (cited.has(key)) return true;
    var m = /^([a-z]+):(.*)$/.exec(key);
    if (!m || !SCHEME[m[1]]) return false;
    var local = m[2];
    while (local) {
      if (cited.has(m[1] + ":" + local)) return true;
      local = parentOf(local, SCHEME[m[1]]);
    }
    return false;
  }
  /* RuleId.parent: 502.9b → 502.9 → 502 → 5; D21.31 → D21.30 → D21 → D. */
  function parentOf(local, scheme) {
    if (scheme === "cr") {
      if (local.indexOf(".") >= 0) return /[a-z]$/.test(local) ? local.slice(0, -1) : local.split(".")[0];
      return local.length === 3 ? local[0] : null;
    }
    if (local.indexOf(".") >= 0) {
      var parts = local.split("."), n = +parts[1];
      return n % 10 ? parts[0] + "." + String(Math.floor(n / 10) * 10).padStart(parts[1].length === 3 && n >= 100 ? 3 : 2, "0") : parts[0];
    }
    return local.length > 1 ? local[0] : null;
  }
  /* Right behind each glossary or index entry, the best-scored rule among the results it points to, else
     the best-scored rule matching the same query words, else the first rule it cites. */
  function withCitedRules(ranked, allowed) {
    var placed = [], seen = new Set(), rules = ranked.filter(function (r) { return r.idx.entries[r.entry][2] === "rule"; });
    ranked.forEach(function (r) {
      var e = r.idx.entries[r.entry];
      if (seen.has(e[0])) return;
      placed.push(r); seen.add(e[0]);
      if (e[2] !== "glossary" && e[2] !== "index") return;
      var cited = e[7].map(function (n) { return r.idx.entries[n][0]; }), cites = new Set(cited);
      var free = rules.filter(function (x) { return !seen.has(x.idx.entries[x.entry][0]); });
      var pointed = free.filter(function (x) { return under(x.idx.entries[x.entry][0], cites); });
      var shared = free.filter(function (x) { for (var t of x.matched) if (r.matched.has(t)) return true; return false; });
      var best = pointed.length ? pointed[0] : shared.length ? shared[0] : null;
      if (!best) {
        for (var k = 0; k < cited.length && !best; k++) {
          var n = e[7][k];
          if (!seen.has(cited[k]) && allowed.has(r.idx.entries[n][1])) best = { idx: r.idx, entry: n, final: 0, matched: new Set() };
        }
      }
      if (best) { placed.push({ idx: best.idx, entry: best.entry, final: r.final, matched: best.matched }); seen.add(best.idx.entries[best.entry][0]); }
    });
    return placed;
  }

  /* -- the languages a query is written in (ruling/search/language.py) --------------------------------- */
  var RUSSIAN_ONLY = /[ыэъйщёюяь]/, SERBIAN_ONLY = /[ђјљњћџ]/, SERBIAN_LATIN = /[čćšžđ]/, CYRILLIC = /[а-яёђјљњћџ]/;
  var ENGLISH_HOLDERS = ["ru", "ja"];
  /* Whether a language's own text holds a word: a known surface word whose stem a title or text (not an
     alias: aliases hold English terms) has; for English, whether the Latin words of the Russian or Japanese
     documents do (query.py _holds). */
  function holds(lang, word) {
    if (lang === "en") {
      return ENGLISH_HOLDERS.some(function (h) {
        var idx = prepared[h];
        return idx && lexiconWords(h, word).some(function (w) { var e = idx.vocab.words.get(w); return !!(e && e.df); });
      });
    }
    var idx = prepared[lang], surfaces = idx ? lexiconWords(lang, word) : [];
    var known = surfaces.length === 1 && idx.vocab.words.get(surfaces[0]);
    if (!known || !known.df || !known.stem) return false;
    var row = postingsOf(idx.postings, known.stem);
    return !!(row && (row[0] > 0 || row[1] > 0));
  }
  function isStop(word, lang) {
    var idx = lang === "en" ? prepared.ru || prepared.sr || prepared.ja : prepared[lang];
    return !!idx && (lang === "en" ? idx.stopEn : idx.stopOwn).has(stopKey(word, lang));
  }
  function holding(word, langs) {
    var found = langs.filter(function (l) { return isStop(word, l) || holds(l, word); });
    return found.length ? found : langs;
  }
  function wordLanguages(word) {
    word = word.toLowerCase();
    if (Array.from(word).some(function (c) { return CJK_RE.test(c); })) return ["ja"];
    if (CYRILLIC.test(word)) {
      if (RUSSIAN_ONLY.test(word)) return ["ru"];
      if (SERBIAN_ONLY.test(word)) return ["sr"];
      return holding(word, ["ru", "sr"]);
    }
    if (!/\p{L}/u.test(word)) return [];
    if (SERBIAN_LATIN.test(word)) return ["sr"];
    return holding(word, ["sr", "en"]);
  }
  /* The languages searched that the query is written in, when it names some but not all of them. */
  function homeLanguages(text, langs) {
    if (langs.length < 2) return [];
    var counts = {}, most = 0, re = /[\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}\p{N}_]+)?/gu, m;
    text = text.normalize("NFKC");
    while ((m = re.exec(text)) !== null) {
      wordLanguages(m[0]).forEach(function (l) { counts[l] = (counts[l] || 0) + 1; most = Math.max(most, counts[l]); });
    }
    var best = Object.keys(counts).filter(function (l) { return counts[l] === most; });
    if (!best.length || best.indexOf("en") >= 0) return [];
    var home = best.filter(function (l) { return langs.indexOf(l) >= 0; });
    return home.length === langs.length ? [] : home;
  }

  /* -- English game words in Russian or Serbian letters (ruling/search/slang.py) ------------------------ */
  var SLANG_CYRILLIC = /[а-яёђјљњћџ]/, SLANG_SERBIAN_LATIN = /[čćšžđ]|[aeiou]j|kv|ks/;
  function collapsed(key) { var out = ""; for (var i = 0; i < key.length; i++) if (key[i] !== out[out.length - 1]) out += key[i]; return out; }
  function soundKey(d, word) {
    var t = word.normalize("NFC").toLowerCase(), out = "";
    Object.keys(d.pairs).forEach(function (p) { t = t.split(p).join(d.pairs[p]); });
    for (var i = 0; i < t.length; i++) { var c = t[i]; out += "GSCX".indexOf(c) >= 0 ? c : (d.letters[c] !== undefined ? d.letters[c] : ""); }
    return collapsed(out);
  }
  function soundKeys(d, word) {
    var keys = [soundKey(d, word)];
    d.endings.forEach(function (e) {
      if (word.length > e.length && word.slice(-e.length) === e && word.length - e.length >= d.min) keys.push(soundKey(d, word.slice(0, -e.length)));
    });
    return unique(keys.filter(function (k) { return k; }));
  }
  function mayBeRead(d, word) { var w = word.toLowerCase(); return w.length >= d.min && (SLANG_CYRILLIC.test(w) || SLANG_SERBIAN_LATIN.test(w)); }
  function nearKeys(d, a, b) { return a === b || (Math.min(a.length, b.length) >= d.near && Math.abs(a.length - b.length) <= 1 && editDistance(a, b, 1) <= 1); }
  function oneConcept(found) {
    var concepts = new Map();
    found.forEach(function (terms) { terms.forEach(function (t) { if (!concepts.has(t[0])) concepts.set(t[0], t[1]); }); });
    return concepts.size === 1 ? concepts.values().next().value : null;
  }
  function readWords(d, words) {
    var keys = [""];
    words.forEach(function (w) {
      var next = [];
      keys.forEach(function (k) { soundKeys(d, w).forEach(function (o) { next.push(k + o); }); });
      keys = next;
    });
    keys = unique(keys.map(collapsed)).filter(function (k) { return k.length >= d.sounds; });
    var native = keys.filter(function (k) { return hasOwn(d.native, k); }).map(function (k) { return d.native[k]; });
    var exact = keys.filter(function (k) { return hasOwn(d.entries, k); }).map(function (k) { return d.entries[k]; });
    var near = Object.keys(d.entries).filter(function (other) {
      return keys.some(function (k) { return k.length >= d.near && nearKeys(d, k, other); });
    }).map(function (k) { return d.entries[k]; });
    var tiers = [native, exact, near];
    for (var i = 0; i < tiers.length; i++) if (tiers[i].length) return oneConcept(tiers[i]);
    return null;
  }
  function hasOwn(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  /* Whether the typo corrections would take word for a word of the language one letter off (query.py
     _one_edit_from: the words sharing its first letters, one for a word under 7 letters, else two). */
  function oneEditFrom(idx, word) {
    if (word.length < 3) return false;
    var head = word.slice(0, word.length >= 7 ? 2 : 1), list = idx.sorted;
    for (var i = lowerBound(list, head); i < list.length && list[i].lastIndexOf(head, 0) === 0; i++) {
      var w = list[i];
      if (w !== word && Math.abs(w.length - word.length) <= 1 && editDistance(word, w, 1) <= 1) return true;
    }
    return false;
  }
  /* The words of the query read as English game words (query.py read_slang): runs of up to d.run words
     that no language searched knows nor corrects one letter off and that the bridge does not read, one of
     them at least in Cyrillic or spelt as Serbian writes English; a word alone no everyday word. Returns
     the text with each run replaced by its English term, and the readings. */
  function readSlang(text, langs) {
    var d = prepared[langs[0]].raw.slang, readings = [];
    if (!d) return { text: text, readings: readings };
    var matched = new Set();
    readBridge(text, langs).all.forEach(function (m) { words(m.modern).forEach(function (w) { matched.add(w); }); });
    function unknown(w) {
      return !matched.has(w) && !langs.some(function (lang) { var idx = prepared[lang], s = surface(lang, w); return inLexicon(idx, s) || oneEditFrom(idx, s); });
    }
    function common(w) { return langs.some(function (lang) { return prepared[lang].slangBlocked.has(surface(lang, w)); }); }
    var tokens = wordTokens(text), source = tokens.length ? tokens[0].source : norm(text), k = 0;
    while (k < tokens.length) {
      var size = d.run;
      for (; size > 0; size--) {
        var run = tokens.slice(k, k + size);
        if (run.length < size || !run.some(function (t) { return mayBeRead(d, t.text); })) continue;
        if (!run.every(function (t) { return t.text.length >= d.min && /^\p{L}+$/u.test(t.text) && unknown(t.text); })) continue;
        if (size === 1 && common(run[0].text)) continue;
        var apart = false;
        for (var j = 1; j < run.length; j++) if (source.slice(run[j - 1].end, run[j].start).replace(/^[ -]+|[ -]+$/g, "")) apart = true;
        if (apart) continue;
        var english = readWords(d, run.map(function (t) { return t.text; }));
        if (english) { readings.push({ said: source.slice(run[0].start, run[run.length - 1].end), english: english, start: run[0].start, end: run[run.length - 1].end }); k += size; break; }
      }
      if (size === 0) k++;
    }
    var out = "", done = 0;
    readings.forEach(function (r) { out += source.slice(done, r.start) + r.english; done = r.end; });
    return { text: readings.length ? out + source.slice(done) : text, readings: readings.map(function (r) { return { said: r.said, english: r.english }; }) };
  }

  function textSearch(text, docs, langs, limit) {
    var read = readSlang(text, langs), searched = read.text;
    var bridge = readBridge(searched, langs), named = termAbsences(searched, langs, bridge.all), home = homeLanguages(text, langs);
    var plan = buildPlan(searched, langs, bridge, named, home), allowed = new Set(docs), ranked = [];
    langs.forEach(function (lang) {
      var idx = prepared[lang], scores = new Map(), matched = new Map();
      function hit(entry, term, score) {
        if (!allowed.has(idx.entries[entry][1])) return;
        scores.set(entry, (scores.get(entry) || 0) + score);
        var m = matched.get(entry) || new Set(); m.add(term); matched.set(entry, m);
      }
      (plan.boosts[lang] || new Map()).forEach(function (boosts, term) {
        var row = postingsOf(idx.postings, term);
        if (row) eachPosting(row, 3, function (entry, code) { hit(entry, term, weight(idx, row, entry, code, boosts)); });
      });
      var reading = plan.kana[lang] && plan.kana[lang].length ? readingOf(lang) : null;
      if (reading) {
        plan.kana[lang].forEach(function (term) {
          var row = postingsOf(reading.postings, term);
          if (!row) return;
          var idf = idfOf(idx.total, row[0]);
          eachPosting(row, 1, function (entry, tf) { hit(entry, term, READING_BOOST * bm25(idf, tf, reading.lengths[entry], reading.average)); });
        });
      }
      var groups = plan.groups[lang] || new Map(), weights = plan.weights[lang] || new Map(), total = 0;
      weights.forEach(function (w) { total += w; });
      var prior = weights.size >= LONG_QUERY_WORDS;
      var phrases = plan.phrases[lang] || [];
      scores.forEach(function (score, entry) {
        if (score > 0) ranked.push({ idx: idx, entry: entry, score: score, matched: matched.get(entry) || new Set(), groups: groups, weights: weights, total: total, prior: prior, phrases: phrases });
      });
    });
    ranked.sort(function (a, b) { return b.score - a.score || a.entry - b.entry; });
    var depth = Math.max(RERANK_DEPTH, limit), top = ranked.slice(0, depth);
    if (home.length) {
      /* The best of the query's own languages are reranked too, however the others score (query.py). */
      var own = ranked.filter(function (r) { return home.indexOf(r.idx.lang) >= 0; }).slice(0, depth);
      top = own.concat(top.filter(function (r) { return own.indexOf(r) < 0; }));
    }
    ranked = top;
    ranked.forEach(function (r) {
      var credit = new Map(), share = 0;
      r.matched.forEach(function (t) { if (r.groups.has(t)) r.groups.get(t).forEach(function (g) { credit.set(g, 1); }); });
      r.phrases.forEach(function (p) {
        var held = 0, all = 0;
        p.terms.forEach(function (w, t) { all += w; if (r.matched.has(t)) held += w; });
        p.stands.forEach(function (g) { credit.set(g, Math.max(credit.get(g) || 0, held / (all || 1))); });
      });
      credit.forEach(function (c, g) { share += (r.weights.get(g) || 0) * c; });
      var coordination = r.total ? share / r.total : 1, kind = r.idx.entries[r.entry][2];
      r.final = r.score * (r.prior && (kind === "glossary" || kind === "index") ? POINTER_PRIOR : 1) * (home.indexOf(r.idx.lang) >= 0 ? HOME_BOOST : 1) * coordination * coordination;
    });
    ranked.sort(function (a, b) { return b.final - a.final; });
    ranked = withCitedRules(ranked, allowed);
    var hits = ranked.slice(0, limit).map(function (r) {
      var found = hitOf(r.idx, r.entry, r.final, new Set(plan.groups[r.idx.lang] ? plan.groups[r.idx.lang].keys() : []));
      var era = plan.era[r.idx.lang] || new Map();
      found.era = unique(Array.from(r.matched).sort().filter(function (t) { return era.has(t); }).map(function (t) { return era.get(t); }));
      return found;
    });
    var suggestion = null, wrong = Object.keys(plan.corrections).sort(function (a, b) { return b.length - a.length; });
    if (wrong.length) {
      var pattern = new RegExp(wrong.map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|"), "g");
      suggestion = text.replace(pattern, function (w) { return plan.corrections[w]; });
      if (suggestion === text) suggestion = null;
    }
    return { hits: hits, suggestion: suggestion, absent: bridgeAbsences(langs, bridge.all).concat(named), read: read.readings };
  }

  function search(text, docs, limit) {
    limit = limit || 10;
    text = text.normalize("NFC");
    var langs = [];
    docs.forEach(function (d) { var l = LANG_OF_DOC[d]; if (l && langs.indexOf(l) < 0 && prepare(l)) langs.push(l); });
    if (!text.trim() || !langs.length) return { hits: [], suggestion: null, absent: [], today: [], unknown: [] };
    var prefix = new Set(prepared[langs[0]].stop.prefix), named = readIds(text, docs, prefix), exact = [], unknown = [];
    var isRule = function (key) { var idx = prepared[LANG_OF_DOC[key.split(":")[0]]]; return idx && idx.byNum.has(key.toLowerCase()) ? idx : null; };
    var add = function (idx, i) { if (!exact.some(function (h) { return h.key === idx.entries[i][0]; })) exact.push(hitOf(idx, i, ID_SCORE, null)); };
    named.ids.forEach(function (key) { var idx = isRule(key); if (idx) add(idx, idx.byNum.get(key)); });
    var numbers = readNumbers(text, prefix).ids.filter(function (n) { return !docs.some(function (d) { return isRule(d + ":" + n); }); });
    var today = todayRows(prepared[langs[0]].raw.today || {}, numbers);
    today.forEach(function (row) {
      row.rules.forEach(function (key) {
        var doc = key.split(":")[0], idx = prepared[LANG_OF_DOC[doc]];
        if (docs.indexOf(doc) >= 0 && idx && idx.byKey.has(key)) add(idx, idx.byKey.get(key));
      });
    });
    if (!exact.length && !today.length) unknown = named.ids.map(function (key) { return nearestRule(key, isRule, add); });
    if (exact.length || today.length || unknown.length) {
      text = readNumbers(named.rest, prefix).rest;
      if (!/[\p{L}\p{M}\p{N}_]/u.test(text)) return { hits: exact.slice(0, limit), suggestion: null, absent: [], today: today, unknown: unknown };
    }
    var found = textSearch(text, docs, langs, limit);
    found.today = today;
    found.unknown = unknown;
    if (!exact.length) return found;
    var shown = new Set(exact.map(function (h) { return h.key; }));
    found.hits = exact.concat(found.hits.filter(function (h) { return !shown.has(h.key); })).slice(0, limit);
    return found;
  }
  /* A rule id of the query that names no rule, and its nearest ancestor that does, added to the hits
     (query.py _nearest): {asked, shown, href}, as the documents print them. */
  function nearestRule(key, isRule, add) {
    var doc = key.split(":")[0], asked = localId(key.slice(doc.length + 1), doc), local = parentOf(asked, SCHEME[doc]);
    while (local && !isRule(doc + ":" + local)) local = parentOf(local, SCHEME[doc]);
    if (!local) return { asked: doc + ":" + asked, shown: null, href: null };
    var idx = isRule(doc + ":" + local), i = idx.byNum.get((doc + ":" + local).toLowerCase());
    add(idx, i);
    return { asked: doc + ":" + asked, shown: idx.entries[i][0], href: idx.entries[i][5] };
  }
  /* The rows of today's numbers among numbers, each once: a subrule's is its rule's, else its section's
     (modern_numbers.py find_number). */
  function todayRows(table, numbers) {
    var rows = [];
    numbers.forEach(function (number) {
      var row = table[number] || table[number.split(".")[0]];
      if (row && rows.indexOf(row) < 0) rows.push(row);
    });
    return rows;
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

  window.RulingSearch = { search: search, highlight: highlight, prepare: prepare, needsReading: needsReading,
    decodeRow: decodeRow, postingsOf: postingsOf,
    homeLanguages: function (text, langs) { return homeLanguages(text, langs.filter(function (l) { return prepare(l); })); } };
})();
