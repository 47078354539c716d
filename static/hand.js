// Hand entry: makes the plain form quick to tap. It holds no rule and knows no game. The
// server draws the form from the game's description (engine/core/form.py) and renders
// that description's tables into #rules; this script applies them, each of a generic
// kind (allow, show, order, forbid, sum, complement, tally, total, stake), on keys and on
// number boxes alike
// (a count per seat: the round sheet's points), and asks data-preview-url for the
// points of a finished hand. The server checks the hand again on save. Every sentence it
// shows comes translated from the page's <template> elements.
(() => {
  "use strict";
  const form = document.getElementById("hand");
  if (!form) return;
  const rules = JSON.parse(document.getElementById("rules").textContent);
  const $ = (sel, root) => (root || form).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || form).querySelectorAll(sel));
  const text = (id, values) =>
    document.getElementById(id).content.textContent.trim().replace(/\{(\w+)\}/g, (_, k) => values[k]);
  // Points as players write them, kept left to right inside a right-to-left sentence.
  const rtl = document.documentElement.dir === "rtl";
  const signed = (p) => {
    const shown = p > 0 ? "+" + p : p < 0 ? "\u2212" + -p : "0";
    return rtl ? "\u2066" + shown + "\u2069" : shown;
  };
  // A number in a sentence: a true minus sign, kept left to right.
  const number = (p) => {
    const shown = p < 0 ? "\u2212" + -p : String(p);
    return rtl ? "\u2066" + shown + "\u2069" : shown;
  };
  document.documentElement.classList.add("js");
  // The page keeps room under the form for the save bar as tall as it grows (a long
  // worked preview): the last keys still scroll above it.
  const bar = document.querySelector(".savebar");
  if (bar && window.ResizeObserver) {
    new ResizeObserver(() => {
      document.documentElement.style.setProperty("--bar-now", bar.offsetHeight + "px");
    }).observe(bar);
  }

  const allow = rules.allow || [];
  const show = rules.show || [];
  const order = (rules.order || [])[0] || null;
  const forbid = rules.forbid || [];
  const sums = rules.sum || [];
  const totals = rules.total || [];
  const stakes = rules.stake || [];
  const hints = rules.hint || [];
  const complements = rules.complement || [];
  const tallies = rules.tally || [];

  const seatBoxes = $$(".seat[data-seat]");
  const SEATS = Array.from(new Set(seatBoxes.map((f) => Number(f.dataset.seat)))).sort((a, b) => a - b);
  const seatSteps = $$(".step").filter((step) => $(".seat", step));
  const seat = (prefix, s) => $('.seat[data-prefix="' + prefix + '"][data-seat="' + s + '"]');
  const nameOf = (s) => {
    const who = $('.seat[data-seat="' + s + '"] legend button') || $('.seat[data-seat="' + s + '"] > label');
    return who ? who.textContent.trim() : String(s);
  };
  const radios = (name) => $$('input[type="radio"][name="' + name + '"]');
  // A count in a seat's box is a number box: empty is no value yet.
  const numberBox = (name) => $('.seat input[type="number"][name="' + name + '"]');
  const read = (name) => {
    const n = numberBox(name);
    if (n) return n.value === "" ? null : n.value;
    const r = $('input[name="' + name + '"]:checked') || $('input[type="hidden"][name="' + name + '"]');
    return r ? r.value : null;
  };
  const num = (name) => (read(name) === null ? null : Number(read(name)));
  const set = (name, v) => {
    const n = numberBox(name);
    if (n) n.value = v === null ? "" : String(v);
    else radios(name).forEach((r) => { r.checked = v !== null && r.value === String(v); });
  };
  // The values a field may take: a number box's min and max; keys from zero.
  const bounds = (name) => {
    const n = numberBox(name);
    if (!n) return [0, Infinity];
    return [n.min === "" ? -Infinity : Number(n.min), n.max === "" ? Infinity : Number(n.max)];
  };
  // A seat's box has a value: a key tapped, or a number typed.
  const filled = (f) =>
    Boolean($("input:checked", f)) || $$('input[type="number"]', f).some((n) => n.value !== "");
  // A field's place on the page: its fieldset, or the player's box or the count's line
  // that holds its number box (shown, hidden and explained as one, label and all).
  const box = (name) => {
    const found = document.getElementById(name);
    return found && found.matches("input") ? found.closest(".seat, .line.count") || found : found;
  };
  const whyOf = (name) => $(".why", box(name));
  const total = (values) => values.reduce((a, b) => a + b, 0);
  const resolve = (name) =>
    name.replace(/\{(\w+)\}/g, (_, other) => (read(other) === null ? "\u0000" : read(other)));
  const shownField = (fieldset) => !fieldset.hidden;

  function activate(fieldset, scroll = true) {
    $$(".on").forEach((f) => f.classList.remove("on"));
    if (!fieldset) return;
    fieldset.classList.add("on");
    if (scroll) fieldset.scrollIntoView({ block: "nearest" });
  }

  // The seats in the order they are asked (the speakers first), and in the order they are
  // shown: both from the order table, by the value of the field it depends on.
  const byValue = () => (order ? read(order.by) : null);
  const speakers = () => (byValue() === null ? SEATS : order.speakers[byValue()]);
  const tableOrder = () => (byValue() === null ? SEATS : order.shown[byValue()]);

  function applyOrder() {
    const shown = tableOrder();
    const asked = speakers();
    seatBoxes.forEach((f) => {
      const s = Number(f.dataset.seat);
      f.style.order = shown.indexOf(s);
      const step = f.closest(".step");
      f.classList.toggle("fixed", Boolean(order) && step.id === order.fixed_step && asked.indexOf(s) < 0);
    });
  }

  // Folding steps fold to one line once every field they ask has a value.
  const foldSteps = $$(".step[data-folds]");
  const asked = (step) => $$("fieldset.line", step).filter(shownField);
  const complete = (step) => asked(step).every((f) => $("input:checked", f));

  function fold(step, done) {
    step.classList.toggle("done", done);
    $(".head", step).setAttribute("aria-expanded", String(!done));
  }

  // A folded step's head reads it back: the names chosen, then the rest in one run, short
  // keys side by side ("7♥") but never two numbers, words apart; a field the form gives a
  // read-back sentence after a dot, unless it holds its default.
  function heads() {
    foldSteps.forEach((step) => {
      const names = [];
      const words = [];
      const apartWords = [];
      asked(step).forEach((f) => {
        const r = $("input:checked", f);
        if (!r) return;
        const label = r.parentNode.textContent.trim();
        if (f.dataset.readBack !== undefined) {
          if (r.value !== f.dataset.default) apartWords.push(f.dataset.readBack.replace("{value}", label));
        } else if ($(".pad.names", f)) {
          const who = document.createElement("bdi");
          who.textContent = label;
          names.push(who, " ");
        } else {
          words.push(label);
        }
      });
      const what = document.createElement("bdi");
      what.dir = "ltr";
      const digits = /^[0-9]+$/;
      what.textContent = words.reduce((run, word, i) => {
        const before = words[i - 1];
        const apart = i > 0 && (word.length > 2 || before.length > 2 || (digits.test(word) && digits.test(before)));
        return run + (apart ? " " : "") + word;
      }, "");
      const after = apartWords.map((word) => {
        const part = document.createElement("bdi");
        part.textContent = word;
        return [" · ", part];
      });
      $(".head output", step).replaceChildren(...names, what, ...after.flat());
    });
  }

  // A field with several show rules is asked only while every one holds (as the server's
  // core/form.is_asked reads them).
  function applyShow() {
    const hidden = new Map();
    show.forEach((rule) => {
      const f = box(rule.field);
      if (!f) return;
      hidden.set(f, hidden.get(f) || rule.values.indexOf(read(rule.by)) < 0);
    });
    hidden.forEach((off, f) => { f.hidden = off; });
  }

  function applyHints() {
    hints.forEach((rule) => {
      const by = read(rule.by);
      const why = whyOf(rule.field);
      if (!why || by === null || rule.table[by] === undefined) return;
      why.textContent = text(rule.why, { n: rule.table[by] });
      why.hidden = false;
    });
  }

  // A value filled in because it was the only one allowed, to clear when that no longer holds.
  const autoSet = new Set();

  function applyAllow() {
    const kept = new Set();
    allow.forEach((rule) => {
      const name = resolve(rule.field);
      const by = read(rule.by);
      if (name.indexOf("\u0000") >= 0 || by === null || !box(name)) return;
      const allowed = (rule.table[by] || []).map(String);
      radios(name).forEach((r) => {
        r.disabled = allowed.indexOf(r.value) < 0;
        if (r.disabled) r.checked = false;
      });
      if (rule.auto && allowed.length === 1) {
        set(name, allowed[0]);
        autoSet.add(name);
        kept.add(name);
      } else if (rule.why && whyOf(name)) {
        whyOf(name).textContent = text(rule.why, { [rule.by]: by });
        whyOf(name).hidden = false;
      }
    });
    autoSet.forEach((name) => {
      if (!kept.has(name)) {
        set(name, null);
        autoSet.delete(name);
      }
    });
  }

  function applyForbid() {
    forbid.forEach((rule) => {
      const by = read(rule.by);
      if (by === null) return;
      const last = rule.last[by];
      const others = SEATS.filter((s) => s !== last).map((s) => num(rule.prefix + "_" + s));
      if (others.some((c) => c === null)) return;
      const forbidden = rule.forbidden[total(others)];
      if (forbidden === null || forbidden === undefined) return;
      const name = rule.prefix + "_" + last;
      radios(name).forEach((r) => {
        if (Number(r.value) === forbidden) {
          r.disabled = true;
          r.checked = false;
        }
      });
      whyOf(name).textContent = text(rule.why, { name: nameOf(last), n: forbidden, total: rule.total });
      whyOf(name).hidden = false;
    });
  }

  // The seats whose count the user tapped. The last seat in the order they are entered that
  // the user has not tapped fills itself in, as soon as the others have a count, and follows
  // every change to them: on a new hand that is the one seat left; on the edit form, where
  // all start filled from the stored hand, it is the last seat, until the user taps that one
  // too and the one before it takes over.
  const tapped = {};
  sums.forEach((rule) => { tapped[rule.prefix] = new Set(); });

  function applySums() {
    sums.forEach((rule) => {
      const count = (s) => num(rule.prefix + "_" + s);
      const entered = tableOrder();
      const untapped = entered.filter((s) => !tapped[rule.prefix].has(s));
      const rest = untapped.length ? untapped[untapped.length - 1] : null;
      const others = SEATS.filter((s) => s !== rest);
      SEATS.forEach((s) => {
        const f = seat(rule.prefix, s);
        if (s !== rest && f.classList.contains("auto")) {
          f.classList.remove("auto");
          $(".why", f).hidden = true;
        }
      });
      if (rest !== null) {
        const f = seat(rule.prefix, rest);
        if (others.every((s) => count(s) !== null)) {
          const sum = total(others.map(count));
          const value = rule.total - sum;
          const [least, most] = bounds(rule.prefix + "_" + rest);
          const fits = value >= least && value <= most;
          f.classList.add("auto");
          set(rule.prefix + "_" + rest, fits ? value : null);
          const why = $(".why", f);
          // A number below zero filled in is said, never written in silently.
          const below = fits && value < 0 && rule.below;
          why.hidden = fits && !below;
          const said = { sum: number(sum), total: number(rule.total), n: number(value) };
          if (!fits) why.textContent = text(rule.why, said);
          else if (below) why.textContent = text(rule.below, said);
          why.classList.toggle("note", Boolean(below));
        } else if (f.classList.contains("auto")) {
          set(rule.prefix + "_" + rest, null);
          f.classList.remove("auto");
          $(".why", f).hidden = true;
        }
      }
      const taken = SEATS.map(count).filter((t) => t !== null);
      const step = seat(rule.prefix, SEATS[0]).closest(".step");
      const head = $("h2 output", step);
      head.textContent = taken.length ? text(rule.count, { sum: total(taken), total: rule.total }) : "";
      head.classList.toggle("off", taken.length === SEATS.length && total(taken) !== rule.total);
    });
  }

  // A side's number of a total (its counters) fills itself in once every other side's is
  // typed: the one box not typed follows the others, as the server fills it.
  const typedBoxes = new Set();
  const named = (name) => form.elements.namedItem(name);
  function applyComplements() {
    complements.forEach((rule) => {
      const names = Array.from({ length: rule.sides }, (_, i) => rule.prefix + "_" + i);
      const free = names.filter((n) => !typedBoxes.has(n) && named(n));
      if (free.length !== 1) {
        free.forEach((n) => {
          const line = named(n).closest(".line");
          if (line.classList.contains("auto")) named(n).value = "";
          line.classList.remove("auto");
        });
        return;
      }
      const others = names.filter((n) => n !== free[0]).map((n) => named(n).value);
      const left = rule.total - total(others.map(Number));
      const ready = others.every((v) => v !== "") && left >= 0;
      named(free[0]).value = ready ? String(left) : "";
      named(free[0]).closest(".line").classList.toggle("auto", ready);
    });
  }

  // A side's tally (its meld by combination) shows its worth in the side's box, the
  // weights the engine's.
  function applyTallies() {
    tallies.forEach((rule) => {
      for (let side = 0; side < rule.sides; side += 1) {
        const into = named(rule.into + "_" + side);
        if (!into) continue;
        const worth = Object.keys(rule.weights).map((key) => {
          const box = named(rule.prefix + "_" + side + "_" + key);
          return (box ? Number(box.value) || 0 : 0) * rule.weights[key];
        });
        if (worth.some((w) => w)) {
          into.value = String(total(worth));
          into.dataset.tallied = "1";
        } else if (into.dataset.tallied) {
          into.value = "";
          delete into.dataset.tallied;
        }
      }
    });
  }

  function applyTotals() {
    totals.forEach((rule) => {
      const named = SEATS.map((s) => num(rule.prefix + "_" + s)).filter((c) => c !== null);
      const sum = total(named);
      const word = named.length === SEATS.length ? rule.words[sum] : null;
      $("#" + rule.step + " h2 output").textContent = !named.length
        ? ""
        : word
          ? text(rule.text_word, { total: sum, word: text(word, {}) })
          : text(rule.text, { total: sum });
    });
  }

  // What the value a seat has chosen puts at stake, as the engine tables it.
  function applyStakes() {
    stakes.forEach((rule) => {
      const by = num(rule.by);
      SEATS.forEach((s) => {
        const line = $(".stake", seat(rule.prefix, s));
        const c = num(rule.prefix + "_" + s);
        line.hidden = c === null;
        if (c === null) return;
        const row = (s === by ? rule.own_rows : rule.rows)[c];
        const values = {};
        Object.keys(row.points).forEach((k) => { values[k] = signed(row.points[k]); });
        line.textContent = text(row.text, values);
      });
    });
  }

  function legends() {
    seatBoxes.forEach((f) => {
      const r = $("input:checked", f);
      const out = $("legend output", f);
      // The key as the table says it (a folded key's label), not its value.
      const key = r && $("span", r.closest("label"));
      if (out) out.textContent = key ? key.textContent : r ? r.value : "";
    });
  }

  function reset() {
    $$('input[type="radio"]').forEach((r) => { r.disabled = false; });
    $$(".why").forEach((w) => {
      if (!w.closest(".auto")) w.hidden = true;
    });
  }

  let previewing = 0;
  function preview() {
    const out = document.getElementById("preview");
    const result = document.getElementById("preview-result");
    result.textContent = "";
    // Asked only of a whole hand: every player's box, line of keys and number box filled
    // (but a number the table may leave empty: data-optional, Schafkopf's Augen).
    const ready = seatBoxes.filter(shownField).every(filled) &&
      $$(".step fieldset.line").filter(shownField).every((f) => $("input:checked", f)) &&
      $$(".step .line.count:not([data-optional])").filter(shownField).every((f) => $("input", f).value !== "");
    if (!ready) {
      out.textContent = "";
      out.classList.remove("scores");
      return;
    }
    const ticket = ++previewing;
    // A kept game's page without the network previews through the engine in the phone.
    const asked = window.scorekeeperPreview
      ? window.scorekeeperPreview(new FormData(form))
      : fetch(form.dataset.previewUrl, {
        method: "POST",
        body: new FormData(form),
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      }).then((r) => r.json());
    asked
      .then((body) => {
        if (ticket !== previewing) return;
        result.textContent = body.result || "";
        out.classList.toggle("scores", Boolean(body.points));
        if (!body.points) {
          // The engine's own refusal, naming what is missing; the page's sentence when
          // the answer has none (a request the server could not read).
          out.textContent = body.problem || text("preview-invalid", {});
          return;
        }
        // Each name and number in its own <bdi>, so that a Hebrew page keeps "+19" whole;
        // each side in a cell of its own, two to a line. A name wraps between its words,
        // its longest word's letters (as the sheet's fit() counts them) drawing it smaller
        // where it is too long for the cell.
        out.replaceChildren(...body.points.map((p, s) => {
          const cell = document.createElement("span");
          const who = document.createElement("span");
          const name = document.createElement("bdi");
          const points = document.createElement("bdi");
          who.className = "who";
          name.textContent = body.names[s];
          const longest = Math.max(...body.names[s].replace(/-/g, "- ").split(/\s+/).map((w) => w.length));
          if (longest > 6) name.className = "l" + Math.min(longest, 24);
          who.append(name);
          points.className = "pts";
          points.dir = "ltr";
          points.textContent = p > 0 ? "+" + p : p < 0 ? "\u2212" + -p : "0";
          cell.append(who, " ", points);
          return cell;
        }));
      })
      .catch(() => {
        out.textContent = "";
        out.classList.remove("scores");
      });
  }

  // The steps shown are numbered 1, 2, 3…: a step none of whose fields is asked yet (Skat's
  // before a game is picked) is hidden by the page's style, and the next one takes its number.
  const stepNumbers = $$(".step").map((step) => [step, $("h2 > span, h2 > .head > span", step)]);
  function numberSteps() {
    let shown = 0;
    stepNumbers.forEach(([step, number]) => {
      if (number && step.checkVisibility()) number.textContent = String(++shown);
    });
  }

  function refresh() {
    reset();
    applyShow();
    numberSteps();
    applyOrder();
    applyAllow();
    applyForbid();
    applySums();
    applyTallies();
    applyComplements();
    applyTotals();
    applyStakes();
    applyHints();
    legends();
    heads();
    preview();
    enterKeys();
  }

  // The next field to ask: the first seat without a value in each seat step (in speaking
  // order in the step the order table fixes, in table order elsewhere), or a line of keys
  // after the folding steps.
  function nextIn(step) {
    if (step.hasAttribute("data-folds")) return null;
    if (seatSteps.indexOf(step) >= 0) {
      const fixedStep = order && step.id === order.fixed_step;
      const seats = fixedStep ? speakers() : tableOrder();
      const s = seats.find((x) => {
        const f = $('.seat[data-seat="' + x + '"]', step);
        return f && !f.hidden && !filled(f) && !f.classList.contains("fixed");
      });
      return s === undefined ? null : $('.seat[data-seat="' + s + '"]', step);
    }
    return $$("fieldset.line", step).filter(shownField).find((x) => !$("input:checked", x)) || null;
  }

  function next() {
    for (const step of $$(".step")) {
      const found = nextIn(step);
      if (found) return found;
    }
    return null;
  }

  // After a tap in a step, the next empty field of that same step (a step may be filled
  // while an earlier one stays empty), then the first empty one of the form.
  function advance(from) {
    const target = (from && nextIn(from)) || next();
    if (target) activate(target);
    else {
      activate(null);
      document.getElementById("save").focus({ preventScroll: true });
    }
  }

  const prefixOf = (name) => name.replace(/_\d+$/, "");
  const seatOf = (name) => Number(name.slice(name.lastIndexOf("_") + 1));

  // A number typed counts as tapped; a box emptied again is free to fill itself in.
  function entered(target) {
    const name = target.name || "";
    if (complements.some((rule) => name.startsWith(rule.prefix + "_"))) {
      if (target.value === "") typedBoxes.delete(name);
      else typedBoxes.add(name);
    }
    if (!tapped[prefixOf(name)] || !/_\d+$/.test(name)) return;
    if (numberBox(name) === target && target.value === "") tapped[prefixOf(name)].delete(seatOf(name));
    else tapped[prefixOf(name)].add(seatOf(name));
  }

  form.addEventListener("change", (event) => {
    entered(event.target);
    refresh();
    const step = event.target.closest(".step");
    if (!step || event.target.type !== "radio") return;
    const focused = document.activeElement === event.target;
    if (step.hasAttribute("data-folds")) {
      if (complete(step)) {
        fold(step, true);
        advance();
      }
    } else {
      advance(step);
    }
    // A key tapped from the keyboard whose row then closed: the focus follows the form on to
    // the field now asked, rather than falling back to the page.
    const on = $(".on");
    if (focused && on && !event.target.checkVisibility()) focusIn(on);
  });

  // Number boxes: the running total and the checks follow every key typed.
  const countBoxes = $$(".seat.count");
  form.addEventListener("input", (event) => {
    if (!event.target.closest(".seat.count, .line.count")) return;
    entered(event.target);
    refresh();
  });
  countBoxes.forEach((f) => {
    const input = $('input[type="number"]', f);
    input.addEventListener("focus", () => {
      activate(f, false);
      input.select();
    });
  });

  // Every place the hand is asked something, in the order the table is asked it: in a
  // step of players' boxes, each player's (in speaking order where the order table fixes
  // it), else each line of keys and number box; then the boxes of an open folded group.
  // Left out: what is not shown, a step folded once complete, a player's box the order
  // table fixes. A box that filled itself in stays one (issue 77): Enter goes on to it, so
  // the table sees the number it made (Hearts' fourth score, to make 26) before Enter saves.
  function stops() {
    const found = [];
    $$(".step").forEach((step) => {
      if (step.classList.contains("done")) return;
      found.push(...$$("fieldset.line, .line.count", step).filter(shownField));
      if (seatSteps.indexOf(step) >= 0) {
        const fixedStep = order && step.id === order.fixed_step;
        (fixedStep ? speakers() : tableOrder()).forEach((s) => {
          const f = $('.seat[data-seat="' + s + '"]', step);
          if (f && !f.hidden && !f.classList.contains("fixed")) found.push(f);
        });
      }
      $$("details[open] .field", step).forEach((f) => found.push(f));
    });
    return found;
  }

  // A stop the hand still needs: a player's box or a line of keys with nothing tapped, a
  // number box left empty (a folded group's boxes are 0 until changed).
  function missing(stop) {
    if (stop.matches(".seat")) return !filled(stop);
    if (stop.matches("fieldset.line")) return !$("input:checked", stop);
    if (stop.matches(".line.count")) return $("input", stop).value === "";
    return false;
  }

  // The stop's box takes the focus: its number box, or its key tapped (else its first key
  // that may be tapped), so that the next Enter goes on from there.
  function focusIn(stop) {
    const box = $('input[type="number"], input[type="text"]', stop);
    const key = $('input[type="radio"]:checked', stop) || $('input[type="radio"]:not(:disabled)', stop);
    if (box || key) (box || key).focus({ preventScroll: true });
  }

  function goTo(stop) {
    activate(stop.matches(".field") ? null : stop);
    focusIn(stop);
  }

  // The keyboard's Enter ("next") keeps the form's promise: it goes on to the next place
  // the hand is asked something, even one already holding its usual answer (the belote
  // after the card points, the extras after the points), and past the last to the first one
  // still empty; it saves only from the last, once nothing is missing. It never sends a
  // half-entered hand, as the browser would from any box of a form with a submit button.
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing) return;
    const from = event.target;
    if (!from.matches("input") || ["hidden", "submit", "button"].indexOf(from.type) >= 0) return;
    event.preventDefault();
    const all = stops();
    const here = all.findIndex((stop) => stop.contains(from));
    const target = (here >= 0 && all[here + 1]) || all.find(missing);
    if (target) goTo(target);
    else if (here === all.length - 1) form.requestSubmit(document.getElementById("save"));
    else advance();
  });

  // The number boxes' Enter key says what it does: "next" until the last box, "done" on it
  // once nothing is missing (where it saves).
  function enterKeys() {
    const all = stops();
    const done = !all.some(missing);
    $$('input[enterkeyhint]').forEach((input) => {
      const last = all.length > 0 && all[all.length - 1].contains(input);
      input.setAttribute("enterkeyhint", last && done ? "done" : "next");
    });
  }

  // A signed count gets a ± key beside it, for the phones whose number keyboard has no
  // minus: it turns the number typed, or the one about to be typed, below zero or back.
  countBoxes.forEach((f) => {
    const input = $('input[type="number"]', f);
    if (!(Number(input.min) < 0)) return;
    const sign = document.createElement("button");
    sign.type = "button";
    sign.className = "sign";
    sign.textContent = "\u00b1";
    sign.setAttribute("aria-label", text("count-sign", { what: input.dataset.label || "" }));
    sign.setAttribute("aria-pressed", "false");
    const pending = (on) => {
      f.classList.toggle("minus", on);
      sign.setAttribute("aria-pressed", String(on));
    };
    sign.addEventListener("click", () => {
      if (input.value === "") pending(!f.classList.contains("minus"));
      else {
        const flipped = -Number(input.value);
        if (flipped >= Number(input.min) && flipped <= Number(input.max)) input.value = String(flipped);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
      input.focus();
    });
    input.addEventListener("input", () => {
      if (!f.classList.contains("minus") || input.value === "") return;
      pending(false);
      if (Number(input.value) > 0) input.value = String(-Number(input.value));
    });
    input.after(sign);
  });

  form.addEventListener("click", (event) => {
    const head = event.target.closest(".head");
    if (head) {
      const step = head.closest(".step");
      fold(step, !step.classList.contains("done"));
      return;
    }
    const who = event.target.closest(".seat legend button");
    if (who) activate(who.closest(".seat"));
  });

  // Counts with a − and a + around them (a folded group's penalties), so that a tap (not deleting a 0 and
  // typing) changes one. Without JavaScript the number box alone does the job.
  $$('details input[type="number"]').forEach((input) => {
    const label = input.dataset.label || "";
    const most = Number(input.max);
    const least = Number(input.min) || 0;
    const stepper = document.createElement("span");
    stepper.className = "stepper";
    const button = (template, sign, step) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = sign;
      b.setAttribute("aria-label", text(template, { what: label }));
      b.addEventListener("click", () => {
        const now = Number(input.value) || 0;
        input.value = Math.min(most, Math.max(least, Math.round(now) + step));
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return b;
    };
    const fewer = button("count-fewer", "\u2212", -1);
    const more = button("count-more", "+", 1);
    const limits = () => {
      const now = Number(input.value) || 0;
      fewer.disabled = now <= least;
      more.disabled = now >= most;
    };
    input.replaceWith(stepper);
    stepper.append(fewer, input, more);
    input.addEventListener("input", limits);
    input.addEventListener("change", limits);
    input.addEventListener("focus", () => input.select());
    limits();
  });

  // A side's number already on the page (a stored hand being edited) is the user's own, but
  // for the last one, which follows the others.
  complements.forEach((rule) => {
    for (let i = 0; i < rule.sides - 1; i += 1) {
      const box = named(rule.prefix + "_" + i);
      if (box && box.value !== "") typedBoxes.add(box.name);
    }
  });
  // Counts already on the page are the user's own, unless they are a whole hand (a stored
  // hand being edited): then the last one is taken as filled in by itself.
  sums.forEach((rule) => {
    const count = (s) => num(rule.prefix + "_" + s);
    const shown = SEATS.filter((s) => count(s) !== null);
    if (shown.length < SEATS.length || total(shown.map(count)) !== rule.total) {
      shown.forEach((s) => tapped[rule.prefix].add(s));
    }
  });
  refresh();
  const problem = $(".seat .err");
  const summary = document.querySelector(".error-summary");
  let completeSoFar = true;
  foldSteps.forEach((step) => {
    const done = complete(step);
    completeSoFar = completeSoFar && done;
    fold(step, done && !$(".err", step));
  });
  // A page sent back with problems opens on their summary, which has the focus: nothing
  // scrolls it away or takes the focus from it.
  // Otherwise, once the folding steps are complete (or where there are none, as in a form
  // of seat keys only), the first empty field opens: the first tap is a key, not a name.
  // A form of number boxes waits for a box to be tapped, as the phone's keyboard does.
  if (problem) activate(problem.closest(".seat"), !summary);
  else if (completeSoFar && (foldSteps.length || !countBoxes.length) && !summary) advance();
})();
