// New game: shows the chosen preset's value beside each house rule and the players'
// names on the first-dealer keys. The values come from the engine's presets (#presets),
// the words for them in the page's language from the server (#words).
(() => {
  "use strict";
  const form = document.getElementById("new-game");
  if (!form) return;
  const presets = JSON.parse(document.getElementById("presets").textContent);
  const words = JSON.parse(document.getElementById("words").textContent);
  const titles = JSON.parse(document.getElementById("titles").textContent);
  const title = document.getElementById("game-title");
  const shown = (v) =>
    v === null ? words.none : Array.isArray(v) ? v.join(",") : words[String(v)] || String(v);

  function showPreset() {
    const chosen = form.querySelector('input[name="rules"]:checked');
    const values = presets[chosen ? chosen.value : form.dataset.defaultPreset];
    form.querySelectorAll(".knob").forEach((label) => {
      const value = values[label.dataset.knob];
      label.querySelector("output").textContent = shown(value);
      const input = label.querySelector("input");
      if (input) input.placeholder = shown(value);
    });
    // The target box is blank for the preset's own (Double deck: 500): it shows the one
    // chosen, and a number typed stays the table's.
    if (values && form.elements.target) form.elements.target.placeholder = values.target;
    // The heading names the game as the preset does: Belote's "Coinche" is Coinche.
    const name = titles[chosen ? chosen.value : form.dataset.defaultPreset];
    if (title && name) title.textContent = name;
  }

  // Each seat's key keeps the label the server gave it ("1st"...) for while its name is
  // blank: one key per seat of the game.
  const dealerKeys = Array.from(
    form.querySelectorAll('input[name="first_dealer"]:not([value="random"]) + span')
  );
  dealerKeys.forEach((key) => { key.dataset.seat = key.textContent; });

  // The sides as they will sit, named as the players are typed (a partnership game).
  const sideNames = Array.from(form.querySelectorAll("#sides bdi[data-seat], #starting bdi[data-seat]"));
  sideNames.forEach((el) => { el.dataset.label = el.textContent; });

  // A game whose number of players is chosen now: a seat past the last name typed (and
  // past the fewest the game needs) has no player, so no key and no starting total.
  const fewest = Number(form.dataset.fewest) || 0;
  const players = Array.from(form.querySelectorAll('input[name^="player_"]'));

  function playing() {
    let count = fewest;
    players.forEach((input, seat) => { if (input.value.trim()) count = Math.max(count, seat + 1); });
    return count;
  }

  function showNames() {
    const count = playing();
    dealerKeys.forEach((key) => {
      const label = key.parentNode;
      const out = Number(key.previousElementSibling.value) >= count;
      label.hidden = out;
      if (out && key.previousElementSibling.checked) {
        form.querySelector('input[name="first_dealer"][value="random"]').checked = true;
      }
    });
    form.querySelectorAll("#starting label.field").forEach((label) => {
      const seat = label.querySelector("bdi[data-seat]");
      if (seat) label.hidden = Number(seat.dataset.seat) >= count;
    });
    sideNames.forEach((el) => {
      const name = form.elements["player_" + el.dataset.seat].value.trim();
      el.textContent = name || el.dataset.label;
    });
    dealerKeys.forEach((key) => {
      const player = form.elements["player_" + key.previousElementSibling.value];
      const name = player ? player.value.trim() : "";
      key.textContent = name || key.dataset.seat;
      key.parentNode.title = key.textContent; // the whole name, when the key cuts it short
    });
  }

  form.addEventListener("change", showPreset);
  form.addEventListener("input", showNames);
  showPreset();
  showNames();
})();

// New game in a group with ratings: each side's chance to win for the names as seated,
// asked of the server (#chances data-url) as names change; in a partnership game, the
// fairest partnerships of the names, seated with one tap. The figures and the words are
// the server's; this only shows them.
(() => {
  "use strict";
  const form = document.getElementById("new-game");
  const box = document.getElementById("chances");
  if (!form || !box) return;
  const list = document.getElementById("chances-list");
  const fairest = document.getElementById("fairest");
  const players = Array.from(form.querySelectorAll('input[name^="player_"]'));
  const fewest = Number(form.dataset.fewest) || 0;
  document.getElementById("see-chances").hidden = true;
  let asked = 0;
  let timer = null;
  let best = null;

  function sideText(side) {
    const item = document.createElement("span");
    side.players.forEach((name, i) => {
      if (i) item.append(" & ");
      const b = document.createElement("bdi");
      b.textContent = name;
      item.append(b);
    });
    item.append(": ");
    const chance = document.createElement("b");
    chance.textContent = side.shown;
    item.append(chance);
    return item;
  }

  function names() {
    const typed = players.map((input) => input.value.trim());
    let last = fewest;
    typed.forEach((name, seat) => { if (name) last = Math.max(last, seat + 1); });
    const seated = typed.slice(0, last);
    return seated.every(Boolean) ? seated : null;
  }

  function show(answer) {
    list.replaceChildren(...answer.sides.map((side) => {
      const li = document.createElement("li");
      li.append(sideText(side));
      return li;
    }));
    best = answer.fairest;
    if (fairest) {
      fairest.hidden = !best;
      if (best) {
        const out = document.getElementById("fairest-sides");
        out.replaceChildren();
        best.sides.forEach((side, i) => {
          if (i) out.append(" · ");
          out.append(sideText(side));
        });
      }
    }
  }

  function ask() {
    const seated = names();
    if (!seated) {
      list.replaceChildren();
      if (fairest) fairest.hidden = true;
      return;
    }
    const query = seated.map((n) => "&player=" + encodeURIComponent(n)).join("");
    const mine = ++asked;
    fetch(box.dataset.url + query, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .then((answer) => { if (answer && mine === asked) show(answer); })
      .catch(() => {});
  }

  form.addEventListener("input", (event) => {
    if (!event.target.name || !event.target.name.startsWith("player_")) return;
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
  });
  if (fairest) {
    document.getElementById("seat-fairest").addEventListener("click", () => {
      if (!best) return;
      best.seating.forEach((name, seat) => {
        players[seat].value = name;
        players[seat].dispatchEvent(new Event("input", { bubbles: true }));
      });
      clearTimeout(timer);
      ask();
    });
  }
  ask();
})();
