// Hand entry: makes the plain form quick to tap. It holds no rule of the game. Everything
// rule-shaped comes from the engine: the server renders it into #rules (speaking order,
// last bidder, the forbidden number per total of the other three, over/under per total,
// the lowest level per Frisch round, the declarer's allowed contracts per level) and
// GET data-score-url scores a finished hand. The server checks the hand again on save.
// Every sentence it shows comes translated from the page's <template> elements.
(() => {
  "use strict";
  const form = document.getElementById("hand");
  if (!form) return;
  const rules = JSON.parse(document.getElementById("rules").textContent);
  const SEATS = [0, 1, 2, 3];
  const $ = (sel, root) => (root || form).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || form).querySelectorAll(sel));
  const text = (id, values) =>
    document.getElementById(id).content.textContent.trim().replace(/\{(\w+)\}/g, (_, k) => values[k]);
  document.documentElement.classList.add("js");

  const bid = $("#bid");
  const seatsOf = (step) => $$("#" + step + " .seat");
  const seat = (step, s) => $("#" + step + ' .seat[data-seat="' + s + '"]');
  const names = $$('input[name="declarer"]').map((r) => r.parentNode.textContent.trim());
  const radios = (name) => $$('input[name="' + name + '"]');
  const read = (name) => {
    const r = $('input[name="' + name + '"]:checked');
    return r ? r.value : null;
  };
  const num = (name) => (read(name) === null ? null : Number(read(name)));
  const set = (name, v) => radios(name).forEach((r) => { r.checked = v !== null && Number(r.value) === v; });
  const frisch = () => num("frisch_rounds") || 0;
  const declarer = () => num("declarer");
  const level = () => num("level");
  const contract = (s) => num("contract_" + s);
  const tricks = (s) => num("tricks_" + s);

  function activate(fieldset, scroll = true) {
    $$(".seat.on").forEach((f) => f.classList.remove("on"));
    if (!fieldset) return;
    fieldset.classList.add("on");
    if (scroll) fieldset.scrollIntoView({ block: "nearest" });
  }

  function speakers() {
    const d = declarer();
    return d === null ? SEATS : rules.order[d];
  }

  // Both steps list the players in one order: clockwise from the seat that names the first
  // contract, as contracts are spoken and tricks are counted at the table. A declarer who
  // does not speak (its contract is its bid) comes last, after the last bidder.
  const tableOrder = () => SEATS.map((i) => (speakers()[0] + i) % SEATS.length);

  // Phase one folds to one line once it is complete; its head says whether it is open.
  function fold(done) {
    bid.classList.toggle("done", done);
    $(".head", bid).setAttribute("aria-expanded", String(!done));
  }

  function phaseOne() {
    const min = rules.minLevel[frisch()] || rules.minLevel[0];
    radios("level").forEach((r) => {
      r.disabled = Number(r.value) < min;
      if (r.disabled) r.checked = false;
    });
    const d = declarer();
    const den = $('input[name="denomination"]:checked');
    const who = document.createElement("bdi");
    const what = document.createElement("bdi");
    who.textContent = d === null ? "" : names[d];
    what.dir = "ltr";
    what.textContent = (level() === null ? "" : level()) + (den ? den.parentNode.textContent.trim() : "");
    $(".head output", bid).replaceChildren(who, " ", what);
  }

  function contracts() {
    const d = declarer();
    const lvl = level();
    const order = speakers();
    const shown = tableOrder();
    SEATS.forEach((s) => {
      const f = seat("contracts", s);
      f.style.order = shown.indexOf(s);
      f.classList.toggle("fixed", order.indexOf(s) < 0);
      radios("contract_" + s).forEach((r) => { r.disabled = false; });
      $(".why", f).hidden = true;
      if (f.dataset.auto && s !== d) {
        set("contract_" + s, null);
        delete f.dataset.auto;
      }
    });
    if (d !== null && lvl !== null) {
      const allowed = rules.declarerContracts[lvl];
      radios("contract_" + d).forEach((r) => {
        r.disabled = allowed.indexOf(Number(r.value)) < 0;
        if (r.disabled) r.checked = false;
      });
      if (allowed.length === 1) {
        set("contract_" + d, allowed[0]);
        seat("contracts", d).dataset.auto = "1";
      } else {
        const why = $(".why", seat("contracts", d));
        why.textContent = text("why-declarer", { level: lvl });
        why.hidden = false;
      }
    }
    if (d !== null) {
      const last = rules.last[d];
      const others = SEATS.filter((s) => s !== last).map(contract);
      if (others.every((c) => c !== null)) {
        const forbidden = rules.forbidden[others.reduce((a, b) => a + b, 0)];
        if (forbidden !== null && forbidden !== undefined) {
          radios("contract_" + last).forEach((r) => {
            if (Number(r.value) === forbidden) {
              r.disabled = true;
              r.checked = false;
            }
          });
          const why = $(".why", seat("contracts", last));
          why.textContent = text("why-forbidden", { name: names[last], n: forbidden, total: rules.tricks });
          why.hidden = false;
        }
      }
    }
    const named = SEATS.map(contract).filter((c) => c !== null);
    const total = named.reduce((a, b) => a + b, 0);
    const ou = named.length === 4 ? rules.overUnder[total] : null;
    $("#contracts h2 output").textContent = !named.length
      ? ""
      : ou
        ? text("contracts-total-ou", { total: total, over_under: text("word-" + ou, {}) })
        : text("contracts-total", { total: total });
    SEATS.forEach((s) => { $("legend output", seat("contracts", s)).textContent = contract(s) === null ? "" : contract(s); });
    SEATS.forEach((s) => stake(s, d));
  }

  // What the contract a seat has named puts at stake, as the engine tables it
  // (rules.stakes, the declarer's own in rules.declarerStakes).
  function stake(s, d) {
    const line = $(".stake", seat("contracts", s));
    const c = contract(s);
    line.hidden = c === null;
    if (c === null) return;
    const row = (s === d ? rules.declarerStakes : rules.stakes)[c];
    line.textContent = c === 0 ? text("stake-zero", row) : text("stake-made", row);
  }

  // The seats whose trick count the user tapped. The last seat in the order tricks are
  // entered that the user has not tapped fills itself in, as soon as the other three have
  // a count, and follows every change to them: on a new hand that is the one seat left;
  // on the edit form, where all four start filled from the stored hand, it is the last
  // seat, until the user taps that one too and the one before it takes over.
  const tapped = new Set();

  function trickCounts() {
    const order = tableOrder();
    SEATS.forEach((s) => { seat("tricks", s).style.order = order.indexOf(s); });
    const untapped = order.filter((s) => !tapped.has(s));
    const rest = untapped.length ? untapped[untapped.length - 1] : null;
    const others = SEATS.filter((s) => s !== rest);
    seatsOf("tricks").forEach((f) => {
      if (Number(f.dataset.seat) !== rest && f.classList.contains("auto")) {
        f.classList.remove("auto");
        $(".why", f).hidden = true;
      }
    });
    if (rest !== null) {
      const f = seat("tricks", rest);
      if (others.every((s) => tricks(s) !== null)) {
        const sum = others.map(tricks).reduce((a, b) => a + b, 0);
        const value = rules.tricks - sum;
        f.classList.add("auto");
        set("tricks_" + rest, value >= 0 ? value : null);
        const why = $(".why", f);
        why.hidden = value >= 0;
        if (value < 0) why.textContent = text("tricks-too-many", { sum: sum, total: rules.tricks });
      } else if (f.classList.contains("auto")) {
        set("tricks_" + rest, null);
        f.classList.remove("auto");
        $(".why", f).hidden = true;
      }
    }
    const taken = SEATS.map(tricks).filter((t) => t !== null);
    const sum = taken.reduce((a, b) => a + b, 0);
    $("#tricks h2 output").textContent = taken.length ? text("tricks-count", { sum: sum, total: rules.tricks }) : "";
    SEATS.forEach((s) => { $("legend output", seat("tricks", s)).textContent = tricks(s) === null ? "" : tricks(s); });
  }

  let previewing = 0;
  function preview() {
    const out = document.getElementById("preview");
    const c = SEATS.map(contract);
    const t = SEATS.map(tricks);
    if (c.indexOf(null) >= 0 || t.indexOf(null) >= 0) {
      out.textContent = "";
      out.classList.remove("scores");
      return;
    }
    const revokes = SEATS.map((s) => (form.elements["revokes_" + s] || {}).value || "0");
    const query = new URLSearchParams({ contracts: c.join(","), tricks: t.join(","), revokes: revokes.join(",") });
    const ticket = ++previewing;
    fetch(form.dataset.scoreUrl + "?" + query, { headers: { Accept: "application/json" } })
      .then((r) => r.json())
      .then((body) => {
        if (ticket !== previewing) return;
        out.classList.toggle("scores", Boolean(body.points));
        if (!body.points) {
          out.textContent = text("preview-invalid", {});
          return;
        }
        // Each name and number in its own <bdi>, so that a Hebrew page keeps "+19" whole;
        // each player in a cell of their own, two to a line.
        out.replaceChildren(...body.points.map((p, s) => {
          const cell = document.createElement("span");
          const name = document.createElement("bdi");
          const points = document.createElement("bdi");
          name.className = "who";
          name.textContent = names[s];
          points.className = "pts";
          points.dir = "ltr";
          points.textContent = p > 0 ? "+" + p : p < 0 ? "\u2212" + -p : "0";
          cell.append(name, " ", points);
          return cell;
        }));
      })
      .catch(() => {
        out.textContent = "";
        out.classList.remove("scores");
      });
  }

  function refresh() {
    phaseOne();
    contracts();
    trickCounts();
    preview();
  }

  const firstEmpty = (step, order, value) => {
    const s = order.find((x) => value(x) === null && !seat(step, x).classList.contains("fixed"));
    return s === undefined ? null : seat(step, s);
  };
  const nextContract = () => firstEmpty("contracts", speakers(), contract);
  const nextTricks = () => firstEmpty("tricks", tableOrder(), tricks);

  function advance() {
    const target = nextContract() || nextTricks();
    if (target) activate(target);
    else {
      activate(null);
      document.getElementById("save").focus({ preventScroll: true });
    }
  }

  form.addEventListener("change", (event) => {
    const name = event.target.name || "";
    if (name.startsWith("tricks_")) tapped.add(Number(name.slice(7)));
    refresh();
    if (["declarer", "level", "denomination"].indexOf(name) >= 0) {
      if (declarer() !== null && level() !== null && read("denomination") !== null) {
        fold(true);
        advance();
      }
    } else if (name.startsWith("contract_") || name.startsWith("tricks_")) {
      advance();
    }
  });

  form.addEventListener("click", (event) => {
    const head = event.target.closest(".head");
    if (head) {
      fold(!bid.classList.contains("done"));
      return;
    }
    const who = event.target.closest(".seat legend button");
    if (who) activate(who.closest(".seat"));
  });

  // Revokes: a − and a + around each count, so that a tap (not deleting a 0 and typing)
  // changes it. Without JavaScript the number box alone does the job.
  $$('input[name^="revokes_"]').forEach((input) => {
    const name = names[Number(input.name.slice(8))];
    const box = document.createElement("span");
    box.className = "stepper";
    const button = (label, sign, step) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = sign;
      b.setAttribute("aria-label", text(label, { name: name }));
      b.addEventListener("click", () => {
        const now = Number(input.value) || 0;
        input.value = Math.min(rules.maxRevokes, Math.max(0, Math.round(now) + step));
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return b;
    };
    const fewer = button("revoke-fewer", "\u2212", -1);
    const more = button("revoke-more", "+", 1);
    const limits = () => {
      const now = Number(input.value) || 0;
      fewer.disabled = now <= 0;
      more.disabled = now >= rules.maxRevokes;
    };
    input.replaceWith(box);
    box.append(fewer, input, more);
    input.addEventListener("input", limits);
    input.addEventListener("change", limits);
    input.addEventListener("focus", () => input.select());
    limits();
  });

  // Counts already on the page are the user's own, unless they are a whole hand of 13 (a
  // stored hand being edited): then the last one is taken as filled in by itself.
  const shown = SEATS.filter((s) => tricks(s) !== null);
  if (shown.length < SEATS.length || shown.map(tricks).reduce((a, b) => a + b, 0) !== rules.tricks) {
    shown.forEach((s) => tapped.add(s));
  }
  refresh();
  const problem = $(".seat .err");
  const complete = declarer() !== null && level() !== null && read("denomination") !== null;
  fold(complete && !$("#bid .err"));
  // A page sent back with problems opens on their summary, which has the focus: nothing
  // scrolls it away or takes the focus from it.
  const summary = document.querySelector(".error-summary");
  if (problem) activate(problem.closest(".seat"), !summary);
  else if (complete && !summary) advance();
})();
