// New game: shows the chosen preset's value beside each house rule and the players'
// names on the first-dealer keys. The values come from the engine's presets (#presets),
// the words for them in the page's language from the server (#words).
(() => {
  "use strict";
  const form = document.getElementById("new-game");
  if (!form) return;
  const presets = JSON.parse(document.getElementById("presets").textContent);
  const words = JSON.parse(document.getElementById("words").textContent);
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
    if (values && form.elements.target && !form.elements.target.value) {
      form.elements.target.placeholder = values.target;
    }
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
