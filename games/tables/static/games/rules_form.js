// The rules form: choosing a named game fills in every option; changing an option shows the
// named game the options now make (or "Your own rules"); the seat count follows the game.
(function () {
  "use strict";
  const box = document.querySelector("[data-rules-form]");
  const script = document.getElementById("rule-presets");
  if (!box || !script) return;
  const data = JSON.parse(script.textContent);
  const presetSelect = box.querySelector('select[name="preset"]');
  const seatCount = box.querySelector("[data-seat-count]");
  const options = Object.keys(data.presets.standard).filter((name) => name !== "preset");

  function input(name) {
    return box.querySelector('[name="' + name + '"]');
  }
  function read(name) {
    const element = input(name);
    return element.type === "checkbox" ? element.checked : element.value;
  }
  function write(name, value) {
    const element = input(name);
    if (element.type === "checkbox") element.checked = value;
    else element.value = value;
  }
  function matchingPreset() {
    for (const [name, preset] of Object.entries(data.presets)) {
      if (options.every((option) => preset[option] === read(option))) return name;
    }
    return "custom";
  }
  function showSeats() {
    seatCount.textContent = data.seats[read("variant")] || "";
  }
  // each box of options names the options in it that differ from the standard game; filling
  // a preset opens the boxes it changed
  function showChanges(openChanged) {
    box.querySelectorAll("[data-rule-group]").forEach(function (group) {
      const changed = Array.from(group.querySelectorAll("[data-option]"))
        .filter((field) => read(field.dataset.option) !== data.presets.standard[field.dataset.option])
        .map((field) => field.dataset.label);
      group.querySelector("[data-changed]").textContent = changed.join(", ");
      if (openChanged && changed.length) group.open = true;
    });
  }

  presetSelect.addEventListener("change", function () {
    const preset = data.presets[presetSelect.value];
    if (preset) options.forEach((option) => write(option, preset[option]));
    showSeats();
    showChanges(true);
  });
  box.addEventListener("change", function (event) {
    if (event.target === presetSelect) return;
    presetSelect.value = matchingPreset();
    showSeats();
    showChanges(false);
  });
  presetSelect.value = matchingPreset();
  showSeats();
})();
