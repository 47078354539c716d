// New game: shows the chosen preset's value beside each house rule and the players'
// names on the first-dealer keys. The values come from the engine's presets (#presets).
(() => {
  "use strict";
  const form = document.getElementById("new-game");
  if (!form) return;
  const presets = JSON.parse(document.getElementById("presets").textContent);
  const shown = (v) => (v === true ? "yes" : v === false ? "no" : String(v));

  function showPreset() {
    const chosen = form.querySelector('input[name="rules"]:checked');
    const values = presets[chosen ? chosen.value : "standard"];
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

  function showNames() {
    [0, 1, 2, 3].forEach((s) => {
      const name = form.elements["player_" + s].value.trim();
      const key = form.querySelector('input[name="first_dealer"][value="' + s + '"] + span');
      if (key) key.textContent = name || ["1st", "2nd", "3rd", "4th"][s];
    });
  }

  form.addEventListener("change", showPreset);
  form.addEventListener("input", showNames);
  showPreset();
  showNames();
})();
