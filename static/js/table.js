// The table's little script: a running clock between actions. Everything else is HTML + htmx;
// the page works without this file.
//
// The server counts play time as the sum of the gaps between actions, each capped at its idle
// cap (RULES.md, "Counting and score"). The table carries the time so far (data-elapsed), when
// the last action happened (data-last-action, Unix seconds) and the cap (data-idle-cap), so the
// clock shows what the server would count if you acted now: the running gap stops at the cap,
// and the clock never runs more than one capped gap ahead of the server. A fresh deal that no
// action has stored yet carries no last action: its time starts at its first action.
(function () {
  "use strict";
  let clock = null;
  let base = 0;      // seconds counted by the server up to the last action
  let last = 0;      // Unix seconds of the last action
  let cap = 60;      // the server's idle cap (seconds)

  function format(s) {
    s = Math.floor(s);
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function num(value, fallback) {
    const n = parseFloat(value);
    return Number.isFinite(n) ? n : fallback;
  }

  function arm() {
    const table = document.getElementById("table");
    const running = table && table.dataset.status === "playing" && table.dataset.lastAction;
    clock = running ? table.querySelector("[data-stat=time]") : null;
    if (!table) return;
    base = num(table.dataset.elapsed, 0);
    last = num(table.dataset.lastAction, Date.now() / 1000);
    cap = num(table.dataset.idleCap, 60);
    tick();
  }

  function tick() {
    if (!clock || !clock.isConnected) return;
    const gap = Math.min(Math.max(Date.now() / 1000 - last, 0), cap);
    clock.textContent = format(base + gap);
  }

  // A notice (?notice=…, after a form without htmx or a redirect) is said once: it leaves the
  // address, so a reload or a bookmark does not say it again.
  function dropNotice() {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("notice")) return;
    url.searchParams.delete("notice");
    history.replaceState(history.state, "", url);
  }

  dropNotice();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", arm);
  else arm();
  document.addEventListener("htmx:afterSettle", arm);
  setInterval(tick, 1000);
})();
