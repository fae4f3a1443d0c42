// The table's little script: a running clock between actions. Everything else is HTML + htmx;
// the page works without this file.
(function () {
  "use strict";
  let started = 0;
  let base = 0;
  let clock = null;

  function format(s) {
    s = Math.floor(s);
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function arm() {
    const table = document.getElementById("table");
    clock = table && table.querySelector("[data-stat=time]");
    base = table ? parseFloat(table.dataset.elapsed || "0") : 0;
    started = performance.now();
    if (table && table.dataset.status !== "playing") clock = null;
  }

  function tick() {
    if (!clock || !clock.isConnected) return;
    clock.textContent = format(base + (performance.now() - started) / 1000);
  }

  document.addEventListener("DOMContentLoaded", arm);
  document.addEventListener("htmx:afterSettle", arm);
  setInterval(tick, 1000);
})();
