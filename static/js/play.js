// The table at the speed of a tap (issue 12): selection, drag and drop, double-click and
// double-tap, keyboard play and animated moves, all in the browser. The server stays the only
// judge: the table carries, for every card that can be lifted, the places that take it and the
// move to send (#table-moves, made by the engine); this script only looks them up. A move is
// sent by pressing the table form's hidden #js-move button, so htmx posts it as the page's own
// forms do, and without this script every action still works through links and forms.
(function () {
  "use strict";

  const DRAG_START_PX = 8;
  const DOUBLE_TAP_MS = 350;
  const SLIDE_MS = 200;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  let data = null;       // {sources: {pile: {count: {t: {pile: move}, p: move}}}, limit}
  let sel = null;        // {src: "3" | "W", count: n}
  let busy = false;      // a request is on its way: moves wait for its answer (queued)
  let queue = [];        // what was asked for while busy: [fn], run in order once answered
  let snapshot = null;   // the table before a move shown at once, until the server answers
  let focusAfter = null; // what gets focus once the answer is in: a data-pile, or "stock"
  let drag = null;       // {src, count, x0, y0, ghost, moved, pointerId}
  let lastTap = {key: null, at: 0};
  let suppressClick = false;
  let lastSent = {src: null, at: -1e9}; // the pile the last tap's move came from, and when
  let gestureAt = -1e9;  // when the latest click of a pointer's first press came (detail 1)
  let rects = null;      // card boxes before a swap, for the slide
  let focusWas = null;   // where the keyboard focus was before a swap: {id} or {pile}
  let sentWith = null;   // the selection when the latest action was sent: its answer drops it
  let hadFinish = true;  // the table being replaced had a finish card (true: no table swapped)
  let leaving = false;   // the page is being left (a reload): no request goes any more
  let menusOpen = null;  // the class names of the table's menus open when the answer came
  let confirmedId = null; // the control whose question was answered before its turn came

  const table = () => document.getElementById("table");
  const pile = (key) => table() && table().querySelector(`[data-pile="${key}"]`);
  const cardsOf = (key) => {
    const p = pile(key);
    if (!p) return [];
    const holder = p.querySelector(".cards") || p;
    return Array.from(holder.querySelectorAll(":scope > [data-card]"));
  };

  function load() {
    sel = null;
    const el = document.getElementById("table-moves");
    try { data = el ? JSON.parse(el.textContent) : null; } catch (e) { data = null; }
  }

  function options(src, count) {
    const s = data && data.sources[src];
    return s ? s[String(count)] || null : null;
  }

  function runLength(src) {
    const s = data && data.sources[src];
    return s ? Object.keys(s).length : 0;
  }

  // -- the lit table -------------------------------------------------------------------------
  function clear() {
    const t = table();
    if (!t) return;
    t.querySelectorAll(".lifted").forEach((c) => c.classList.remove("lifted"));
    t.querySelectorAll("[data-pile].lit, [data-pile].preferred").forEach((p) => p.classList.remove("lit", "preferred"));
    t.classList.remove("has-selection");
    t.querySelectorAll("[data-tap-label]").forEach((c) => {
      c.setAttribute("aria-label", c.dataset.tapLabel);
      delete c.dataset.tapLabel;
    });
    const bar = t.querySelector(".js-selection-bar");
    if (bar) bar.hidden = true;
  }

  function cancel() {
    sel = null;
    clear();
  }

  function show() {
    clear();
    if (!sel) return;
    const opt = options(sel.src, sel.count);
    const cards = cardsOf(sel.src);
    cards.slice(cards.length - sel.count).forEach((c) => c.classList.add("lifted"));
    const t = table();
    t.classList.add("has-selection");
    if (opt) {
      for (const [key, move] of Object.entries(opt.t)) {
        const p = pile(key);
        if (!p) continue;
        p.classList.add("lit");
        if (move === opt.p) p.classList.add("preferred");
        nameForMove(p, key, move === opt.p);
      }
    }
    showBar(opt);
    nameLifted(cards[cards.length - 1], opt);
  }

  const nameOf = (card) => (card.querySelector(".corner") || card).textContent.trim();

  // The lifted top card is named for what a tap on it does, as without a script: its preferred
  // move ("10♥: move to column 6 (preferred)"), or putting it down. clear() gives its name back.
  function nameLifted(card, opt) {
    const bar = table().querySelector(".js-selection-bar");
    if (!bar || !card) return;
    const move = opt && opt.p && Object.keys(opt.t).find((key) => opt.t[key] === opt.p);
    const said = move && moveWords(bar, move, true);
    // lower case after the colon, as the other cards' names ("K♦: pick up")
    const words = said ? nameOf(card) + ": " + said.charAt(0).toLowerCase() + said.slice(1) : bar.dataset.putDown.replace("{card}", nameOf(card));
    rename(card, words);
  }

  // What a lift says to a screen reader: the cards picked up, then the bar's note if any.
  function sayLifted() {
    const bar = table().querySelector(".js-selection-bar");
    if (!bar || !sel) return;
    const names = cardsOf(sel.src).slice(-sel.count).map(nameOf).join(" ");
    const max = bar.querySelector(".max");
    announce(bar.dataset.picked.replace("{cards}", names) + (max.hidden ? "" : ". " + max.textContent));
  }

  // Cards put down at the player's word (Esc, Cancel, a tap on them with nowhere to go or
  // elsewhere on the table): a screen reader hears it ("Put down: 6♥"), not the lift still.
  function putDown() {
    const bar = table() && table().querySelector(".js-selection-bar");
    const names = sel && bar ? cardsOf(sel.src).slice(-sel.count).map(nameOf).join(" ") : null;
    cancel();
    if (names) announce(bar.dataset.putDownCards.replace("{cards}", names));
  }

  // The words of a move to the place ``key`` ("Move to column 6 (preferred)").
  function moveWords(bar, key, preferred) {
    if (key.startsWith("F")) return preferred ? bar.dataset.toFoundationPreferred : bar.dataset.toFoundation;
    return (preferred ? bar.dataset.toColumnPreferred : bar.dataset.toColumn).replace("{n}", key);
  }

  // Give ``el`` the name ``words`` for as long as cards are carried (clear() gives its own back).
  function rename(el, words) {
    if (!("tapLabel" in el.dataset)) el.dataset.tapLabel = el.getAttribute("aria-label") || "";
    el.setAttribute("aria-label", words);
  }

  // A tap on a card of a lit place moves the carried cards there: its accessible name says so,
  // in the words of the lit place's button without a script ("Move to column 6 (preferred)").
  // A lit place with no card to press (an empty column, a foundation) is itself what the keys
  // focus, so it takes the words. clear() gives each its own name back.
  function nameForMove(p, key, preferred) {
    const bar = table().querySelector(".js-selection-bar");
    if (!bar) return;
    const words = moveWords(bar, key, preferred);
    const cards = p.querySelectorAll("a[data-card], button[data-card]");
    (cards.length ? cards : [p]).forEach((c) => rename(c, words));
  }

  function showBar(opt) {
    const bar = table().querySelector(".js-selection-bar");
    if (!bar) return;
    const n = sel.count;
    bar.querySelector(".sel-size").textContent = (n === 1 ? bar.dataset.one : bar.dataset.many).replace("{n}", n);
    const [up, down] = bar.querySelectorAll(".step");
    up.disabled = sel.src === "W" || n >= runLength(sel.src);
    down.disabled = n <= 1;
    up.classList.toggle("disabled", up.disabled);
    down.classList.toggle("disabled", down.disabled);
    const max = bar.querySelector(".max");
    const limit = data.limit;
    if (sel.src !== "W" && limit !== null && n > limit) {
      max.textContent = bar.dataset.max.replace("{n}", limit);
      max.hidden = false;
    } else if (!opt || !opt.p) {
      max.textContent = n > 1 ? bar.dataset.noneMany : bar.dataset.noneOne;
      max.hidden = false;
    } else {
      max.hidden = true;
    }
    bar.hidden = false;
  }

  // Lift ``count`` cards of ``src``. A lone card with one place to go moves there at once
  // (tap play, seed 001) unless ``keep`` (a drag, a step of ▲/▼, the keyboard's repeat).
  function lift(src, count, keep) {
    const opt = options(src, count);
    if (!opt) return false;
    sel = {src, count};
    const targets = Object.values(opt.t);
    if (!keep && count === 1 && targets.length === 1) {
      send(targets[0], Object.keys(opt.t)[0]);
      return true;
    }
    dropHintUnless(src);
    show();
    sayLifted();
    return true;
  }

  // Lifting cards other than the hinted ones drops the hint, as without a script (the address
  // keeps a hint only while its cards are picked up): its glow would point away from the cards
  // carried (a play-tester's finding).
  function dropHintUnless(src) {
    const t = table();
    const card = t && t.querySelector(".card.hinted");
    const from = card && card.closest("[data-pile]");
    if (!t || (from && from.dataset.pile === src)) return;
    t.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    t.querySelectorAll(".hint-note").forEach((el) => el.remove());
  }

  // -- sending -------------------------------------------------------------------------------
  // Send ``move`` (to the pile ``destination``). The lifted cards go there at once, before the
  // answer (``from``: where they are seen now, a drag's ghost); the answer then confirms it, or
  // a refusal puts the server's table back. Asked for while a request is on its way, the move
  // waits for the answer and goes only if the new table still offers it.
  function send(move, destination, from) {
    if (busy) {
      const src = sel && sel.src;
      const count = sel && sel.count;
      queue.push(() => {
        const opt = src ? options(src, count) : null;
        if (opt && Object.values(opt.t).includes(move)) send(move, destination);
      });
      return;
    }
    const button = document.getElementById("js-move");
    if (!button) return;
    snapshot = table().outerHTML; // before the move is shown, to put back if it never arrives
    if (sel && destination) showMove(sel.src, sel.count, destination, from);
    lastSent = {src: sel ? sel.src : null, at: performance.now()};
    focusAfter = destination || null;
    button.value = move;
    sel = null;
    clear();
    button.click(); // a click, not requestSubmit(): htmx sends the value of the button clicked
  }

  // The cards of ``src`` go onto ``dest`` in the page, sliding from where they were.
  function showMove(src, count, dest, from) {
    const cards = cardsOf(src).slice(-count);
    const target = pile(dest);
    if (!cards.length || !target) return;
    const before = from || cards.map((c) => c.getBoundingClientRect());
    const holder = target.querySelector(".cards") || target;
    holder.querySelectorAll(".empty-col, .slot-mark, .waste-empty").forEach((e) => e.remove());
    if (dest.startsWith("F")) holder.querySelectorAll(":scope > [data-card]").forEach((e) => e.remove());
    for (const c of cards) {
      c.classList.remove("lifted", "dragging");
      holder.insertBefore(c, target.querySelector(":scope > .drop") && holder === target ? target.querySelector(".drop") : null);
    }
    [pile(src), target].forEach((p) => {
      recount(p);
      if (p) delete p.dataset.key; // changed here: the answer must bring it whole
    });
    cards.forEach((c, i) => glide(c, before[i], 0));
  }

  function recount(p) {
    if (!p || !p.classList.contains("column")) return;
    const n = p.querySelectorAll(".cards > [data-card]").length;
    p.style.setProperty("--count", Math.max(n, 1));
    p.style.setProperty("--over", Math.max(n - 1, 1));
  }

  // Slide ``el`` from the box ``old`` to where it is now, after ``delay`` ms.
  function glide(el, old, delay) {
    if (!old || reducedMotion.matches) return;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    // While it slides the card takes no taps: a quick second tap on the stock would otherwise
    // land on the drawn card coming from it and play it (a play-tester's finding).
    el.style.pointerEvents = "none";
    const anim = el.animate([{transform: `translate(${dx}px, ${dy}px)`}, {transform: "none"}],
      {duration: SLIDE_MS, delay, easing: "ease-out", fill: "backwards"});
    anim.onfinish = anim.oncancel = () => { el.style.pointerEvents = ""; };
  }

  function sendPreferred(src, count) {
    const opt = options(src, count);
    if (!opt || !opt.p) return false;
    const key = Object.keys(opt.t).find((k) => opt.t[k] === opt.p);
    sel = {src, count};
    send(opt.p, key);
    return true;
  }

  function press(id, focus) {
    if (busy) { queue.push(() => press(id, focus)); return; }
    const b = document.getElementById(id);
    if (!b || b.disabled) return;
    focusAfter = focus || null;
    b.click();
  }

  // -- where a tap lands ---------------------------------------------------------------------
  function cardAt(target) {
    const card = target.closest("[data-card]");
    const p = card && card.closest("[data-pile]");
    if (!card || !p || !table().contains(p)) return null;
    const key = p.dataset.pile;
    if (key === "S" || key.startsWith("F")) return null;
    const cards = cardsOf(key);
    // Only the waste's top card plays: a tap anywhere on the waste means it (a card just drawn
    // is still sliding in over the one below when a quick tap lands, a play-tester's finding).
    const count = key === "W" ? 1 : cards.length - cards.indexOf(card);
    const el = key === "W" ? cards[cards.length - 1] : card;
    return options(key, count) ? {src: key, count, el} : null;
  }

  function onClick(event) {
    const t = table();
    if (!data || !t || !t.contains(event.target) || event.target.id === "js-move") return;
    if (event.detail === 1) gestureAt = performance.now(); // a script's click counts 0
    if (suppressClick) { suppressClick = false; stop(event); return; }
    if (event.target.closest(".js-selection-bar")) return onBar(event);
    const button = event.target.closest("button[type=submit]");
    if (busy && button && (!button.dataset.card || button.id === "stock")) { // the stock, Undo, Hint …: sent once the answer is in, not lost
      stop(event);
      const id = button.id;
      if (id) queue.push(() => press(id, id === "stock" ? "S" : null));
      return;
    }
    const hit = cardAt(event.target);
    const place = event.target.closest("[data-pile].lit");
    if (sel && place && !(hit && hit.src === sel.src)) {
      stop(event);
      send(options(sel.src, sel.count).t[place.dataset.pile], place.dataset.pile);
      return;
    }
    if (hit) {
      stop(event);
      // the second click of a double-click or double-tap (the browser counts it: detail 2) on a
      // card that moved at once: not a tap on the card it uncovered
      if (event.detail >= 2 && hit.src === lastSent.src && lastSent.at >= gestureAt) return;
      if (doubleTap(hit)) return;
      if (sel && sel.src === hit.src && sel.count === hit.count) {
        if (!sendPreferred(hit.src, hit.count)) putDown();
        return;
      }
      lift(hit.src, hit.count, false);
      return;
    }
    if (busy && retapLater(event)) return;
    if (sel && !event.target.closest("button, a, summary, input")) putDown();
  }

  // While an action is on its way, a tap on a card the page's moves do not know yet (one shown
  // at once, before the answer) waits for the answer and then counts as a tap on the same card.
  // Its own link or form (the table without a script) must not go: its request raced the
  // action's, and htmx, swapping its answer into the table already replaced, took the piles
  // kept on the page with it (a play-tester's finding: most piles vanished).
  function retapLater(event) {
    const card = event.target.closest("[data-card]");
    const p = card && card.closest("[data-pile]");
    if (!card || !p || !card.matches("a[href], button")) return false;
    stop(event);
    const key = p.dataset.pile;
    const code = card.dataset.card;
    queue.push(() => {
      const again = cardsOf(key).find((c) => c.dataset.card === code);
      const hit = again && cardAt(again);
      if (hit) lift(hit.src, hit.count, false);
    });
    return true;
  }

  function onBar(event) {
    const b = event.target.closest("button");
    if (!b || !sel) return;
    stop(event);
    if (b.classList.contains("cancel")) return putDown();
    const n = sel.count + Number(b.dataset.step);
    if (n >= 1 && n <= runLength(sel.src)) lift(sel.src, n, true);
  }

  // Two taps on the same card within DOUBLE_TAP_MS send it to its preferred place (the first
  // tap lifted it); a desktop's dblclick arrives the same way.
  function doubleTap(hit) {
    const key = hit.src + "/" + hit.count;
    const now = performance.now();
    const twice = lastTap.key === key && now - lastTap.at < DOUBLE_TAP_MS;
    lastTap = {key: twice ? null : key, at: now};
    return twice && sendPreferred(hit.src, hit.count);
  }

  function stop(event) {
    event.preventDefault();
    event.stopPropagation();
  }

  // -- drag and drop -------------------------------------------------------------------------
  function onPointerDown(event) {
    if (!data || busy || event.button !== 0) return;
    const hit = cardAt(event.target);
    if (!hit) return;
    drag = {src: hit.src, count: hit.count, x0: event.clientX, y0: event.clientY, ghost: null, pointerId: event.pointerId};
  }

  function onPointerMove(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.x0, event.clientY - drag.y0) < DRAG_START_PX) return;
      if (!lift(drag.src, drag.count, true)) { drag = null; return; }
      drag.ghost = ghostOf(drag.src, drag.count);
    }
    event.preventDefault();
    drag.ghost.style.transform = `translate(${event.clientX - drag.x0}px, ${event.clientY - drag.y0}px)`;
  }

  function ghostOf(src, count) {
    const cards = cardsOf(src).slice(-count);
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    for (const c of cards) {
      const r = c.getBoundingClientRect();
      const copy = c.cloneNode(true);
      copy.removeAttribute("data-card");
      Object.assign(copy.style, {position: "fixed", left: r.left + "px", top: r.top + "px", width: r.width + "px", height: r.height + "px", margin: 0});
      ghost.appendChild(copy);
      c.classList.add("dragging");
    }
    document.body.appendChild(ghost);
    return ghost;
  }

  function onPointerUp(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 0);
    d.ghost.hidden = true;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const place = under && under.closest("[data-pile].lit");
    const opt = options(d.src, d.count);
    if (place && opt && opt.t[place.dataset.pile]) {
      d.ghost.hidden = false;
      const from = Array.from(d.ghost.children).map((c) => c.getBoundingClientRect());
      d.ghost.remove();
      send(opt.t[place.dataset.pile], place.dataset.pile, from);
      return;
    }
    slideBack(d.ghost, d.src);
  }

  function slideBack(ghost, src) {
    const done = () => {
      ghost.remove();
      cardsOf(src).forEach((c) => c.classList.remove("dragging"));
      cancel();
    };
    ghost.hidden = false;
    if (reducedMotion.matches) return done();
    const anim = ghost.animate([{transform: ghost.style.transform}, {transform: "translate(0, 0)"}], {duration: SLIDE_MS, easing: "ease-out"});
    anim.onfinish = done;
  }

  // -- keyboard ------------------------------------------------------------------------------
  function onKey(event) {
    if (!table() || event.altKey || event.metaKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key;
    const ctrl = event.ctrlKey;
    if (ctrl && (key === "z" || key === "Z")) { stop(event); return event.shiftKey ? press("act-redo") : press("act-undo"); }
    if (ctrl && (key === "y" || key === "Y")) { stop(event); return press("act-redo"); }
    if (ctrl) return;
    // A dialog open (the keys, a question) takes the keys for itself: none plays under it.
    const box = event.target.closest("dialog[open]");
    if (box) {
      if (key === "?" && box.id === "keyboard-help") { stop(event); toggleHelp(); }
      return;
    }
    if (key === "Escape") { putDown(); closeOverlays(); return; }
    if (key === "?") { stop(event); return toggleHelp(); }
    const digit = digitOf(event);
    if (digit !== null) {
      stop(event);
      // Shift with 1, 2, 3: columns 11–13 where the game has them, else 1–3 (an AZERTY
      // keyboard types its digits with Shift)
      const high = event.shiftKey && "123".includes(digit) ? String(10 + Number(digit)) : null;
      if (high && table().querySelector(`.tableau > [data-pile="${high}"]`)) return columnKey(high);
      return columnKey(digit === "0" ? "10" : digit);
    }
    const k = key.toLowerCase();
    if (k === "w") { stop(event); return pickUp("W", 1); }
    if (k === "f" && sel) {
      stop(event);
      const opt = options(sel.src, sel.count);
      const f = opt && Object.keys(opt.t).find((p) => p.startsWith("F"));
      if (f) send(opt.t[f], f);
      else noFoundation();
      return;
    }
    if (key === "Enter" && sel) { stop(event); return enter(event.target); }
    if (key === " " || k === "d") {
      const link = key === " " && event.target.closest("#table a[data-card]");
      if (link) { stop(event); link.click(); return; } // Space presses a focused card, a link too
      if (key === " " && event.target.closest("button, a, summary")) return;
      stop(event);
      return draw(event.repeat);
    }
    if (k === "u") { stop(event); return event.shiftKey ? press("act-redo") : press("act-undo"); }
    if (k === "h") { stop(event); return press("act-hint"); }
    if (key.startsWith("Arrow")) return arrow(event);
  }

  // The digit a key stands for, by its place on the keyboard (the digits' row or the keypad),
  // whatever the layout prints on it: AZERTY's unshifted "&" is 1. Else a digit the key types
  // (a keyboard that gives no place), else null.
  function digitOf(event) {
    const place = /^(Digit|Numpad)([0-9])$/.exec(event.code || "");
    if (place) return place[2];
    return /^[0-9]$/.test(event.key) ? event.key : null;
  }

  // F with cards no foundation takes: the bar and the screen reader say so (nothing is sent).
  function noFoundation() {
    const bar = table().querySelector(".js-selection-bar");
    if (!bar) return;
    const max = bar.querySelector(".max");
    max.textContent = bar.dataset.noFoundation;
    max.hidden = false;
    announce(bar.dataset.noFoundation);
  }

  // Enter on a lit place the arrows reached sends the cards there; anywhere else, to their
  // preferred place.
  function enter(target) {
    const lit = target.closest ? target.closest("[data-pile].lit") : null;
    const opt = lit && options(sel.src, sel.count);
    if (opt && opt.t[lit.dataset.pile]) return send(opt.t[lit.dataset.pile], lit.dataset.pile);
    if (!sendPreferred(sel.src, sel.count)) putDown();
  }

  // ``held``: the key is held down (auto-repeat), which draws on but never redeals: a redeal
  // is a choice, and a held D ran past the empty stock into one (a play-tester's finding).
  function draw(held) {
    if (busy) { queue.push(() => draw(held)); return; }
    const stock = document.getElementById("stock") || (!held && table().querySelector(".pile.stock .redeal"));
    if (stock) { focusAfter = "S"; stock.click(); return; }
    // nothing to draw: said, not silent ("Stock is empty", the spent stock's own name)
    const spent = table().querySelector(".pile.stock [role=img]");
    if (spent && !held) announce(spent.getAttribute("aria-label"));
  }

  // A column key picks that column's top card up; again, one more card of its run; with
  // another selection lifted, it moves there when the column takes it.
  function columnKey(col) {
    if (sel && sel.src !== col) {
      const opt = options(sel.src, sel.count);
      if (opt && opt.t[col]) return send(opt.t[col], col);
    }
    if (sel && sel.src === col) {
      const next = sel.count < runLength(col) ? sel.count + 1 : 1;
      return pickUp(col, next);
    }
    pickUp(col, 1);
  }

  // A key lifts ``count`` cards of ``src`` and the focus goes to that pile, so the arrow keys
  // go on from there.
  function pickUp(src, count) {
    if (lift(src, count, true)) focusPile(pile(src));
  }

  // Arrow keys move focus between the columns (left, right) and, with a selection, between
  // the lit places.
  function arrow(event) {
    const lit = sel ? Array.from(table().querySelectorAll("[data-pile].lit")) : [];
    const ring = lit.length ? lit : Array.from(table().querySelectorAll(".tableau > [data-pile]"));
    if (!ring.length) return;
    const back = event.key === "ArrowLeft" || event.key === "ArrowUp";
    const at = ring.findIndex((p) => p.contains(document.activeElement));
    const next = ring[(at + (back ? -1 : 1) + ring.length) % ring.length];
    stop(event);
    focusPile(next);
  }

  // The focus goes to a pile's top card (its last control): a card under it, focused, would
  // rise over the cards on it (a play-tester saw Q♦, moved onto K♦, hidden behind it).
  function focusPile(p) {
    if (!p) return;
    const controls = p.querySelectorAll("button, a");
    const target = controls[controls.length - 1] || p;
    if (target === p && !p.hasAttribute("tabindex")) p.setAttribute("tabindex", "-1");
    target.focus({preventScroll: false});
  }

  function toggleHelp() {
    const help = document.getElementById("keyboard-help");
    if (help && !help.open) cancel();
    if (!help) return;
    if (help.open) return help.close();
    help.showModal();
    // The dialog focuses its first button, Close, at its foot, scrolling the keys' list away:
    // it opens at its top instead, the focus on its heading.
    const title = help.querySelector("h2");
    if (title) title.focus({preventScroll: true});
    help.scrollTop = 0;
  }

  // Escape closes the Options menu (and the game menu) and puts the focus back on its button.
  function closeOverlays() {
    document.querySelectorAll("details.options[open], details.mode-menu[open]").forEach((d) => {
      d.removeAttribute("open");
      const button = d.querySelector("summary");
      if (button) button.focus();
    });
    const help = document.getElementById("keyboard-help");
    if (help && help.open) help.close();
  }

  // -- the answer: slide the cards, focus, announce ------------------------------------------
  // A card's key across the answer: its code and which copy; a card back (the stock, a
  // face-down card) by its pile, so backs stay where they lie instead of flying between piles.
  function keyOf(el, seen) {
    let code = el.dataset.card;
    if (code === "back") {
      const p = el.closest("[data-pile]");
      code = "back@" + (p ? p.dataset.pile : "");
    }
    seen[code] = (seen[code] || 0) + 1;
    return code + "#" + seen[code];
  }

  function boxes() {
    const seen = {};
    const out = {};
    table().querySelectorAll("[data-card]").forEach((el) => { out[keyOf(el, seen)] = el.getBoundingClientRect(); });
    const stock = pile("S");
    out.stock = stock ? stock.getBoundingClientRect() : null;
    return out;
  }

  // Every card that moved slides from where it was; cards that went up to the foundations
  // (safe cards, Finish) follow one another; a drawn card comes from the stock.
  function slide(before) {
    if (!before || reducedMotion.matches) return;
    const seen = {};
    let up = 0;
    table().querySelectorAll("[data-card]").forEach((el) => {
      const old = before[keyOf(el, seen)] || (el.closest('[data-pile="W"]') ? before.stock : null);
      if (!old) return;
      const home = el.closest('[data-pile^="F"]');
      const now = el.getBoundingClientRect();
      const moved = Math.abs(old.left - now.left) >= 1 || Math.abs(old.top - now.top) >= 1;
      glide(el, old, home && moved ? Math.min(up++, 20) * 60 : 0);
    });
  }

  // A won table: the foundations' cards leap in turn; any tap or key stops it.
  function celebrate() {
    const t = table();
    if (!t || t.dataset.status !== "won" || reducedMotion.matches || t.dataset.celebrated) return;
    t.dataset.celebrated = "1";
    const running = [];
    t.querySelectorAll('[data-pile^="F"] [data-card]').forEach((el, i) => {
      running.push(el.animate([
        {transform: "none"}, {transform: "translateY(-40px) rotate(-8deg)"}, {transform: "none"},
      ], {duration: 500, delay: i * 90, iterations: 2, easing: "ease-in-out"}));
    });
    const stopAll = () => running.forEach((a) => a.cancel());
    document.addEventListener("pointerdown", stopAll, {once: true});
    document.addEventListener("keydown", stopAll, {once: true});
  }

  // A selection made while the answer came stays, if the new table still offers it; one made
  // before the action was sent (a card lifted, then Hint or Draw pressed) goes with the answer,
  // so the bar never hides the card a hint names.
  function afterSwap() {
    const kept = sel !== sentWith ? sel : null;
    sentWith = null;
    load();
    clear(); // piles the answer kept (hx-preserve) keep their classes: a stale light goes
    if (kept && options(kept.src, kept.count)) { sel = kept; show(); }
    slide(rects);
    rects = null;
    reopenMenus(menusOpen);
    menusOpen = null;
    document.querySelectorAll(".drag-ghost").forEach((g) => g.remove());
    const t = table();
    if (!t) return;
    let target = focusAfter ? pile(focusAfter) : null;
    if (focusAfter === "S") target = document.getElementById("stock") || pile("S");
    focusAfter = null;
    const notice = t.querySelector(".notice");
    // the answer's words (#table[data-announce]) hold its notice and its hint with its reason,
    // each ending as a sentence: a notice's own text, read after them, would cut them short
    announce(t.dataset.announce || (notice ? notice.textContent : ""));
    celebrate();
    if (target) focusPile(target.matches("button, a") ? target.parentElement : target);
    if (target && target.matches("button, a")) target.focus();
    const was = focusWas;
    focusWas = null;
    if (!target && !t.contains(document.activeElement)) refocus(t, was);
    // A hint leaves the focus on its cards, never on the stock where Enter would draw (the
    // stock, kept whole by the answer, still had it after a draw then H).
    const hinted = t.querySelector(".card.hinted");
    const active = document.activeElement;
    if (!target && hinted && active && active.closest && active.closest('[data-pile="S"]')) focusPile(hinted.closest("[data-pile]"));
    // A finish card the answer brought (a win, a give-up) takes the focus, its headline first:
    // the table behind it is over, and the control that ended the play is gone or hidden.
    const card = t.querySelector("#finish-card[open] > summary");
    if (card && !hadFinish) card.focus();
    hadFinish = true;
  }

  // The focus after an answer that names no place for it stays where the player was: the same
  // control, else the same pile, else the hinted cards; else the table itself, where Enter or
  // Space does nothing (never the stock, where Enter would draw a card).
  function refocus(t, was) {
    const same = was && was.id ? document.getElementById(was.id) : null;
    if (same && t.contains(same) && same.matches("[data-pile]")) { focusPile(same); return; } // a new pile (a hint's lit foundation): focusable again
    if (same && t.contains(same) && !same.disabled && same.getClientRects().length) {
      same.focus({preventScroll: true});
      return;
    }
    const hinted = t.querySelector(".card.hinted");
    const place = (was && was.pile && pile(was.pile)) || (hinted && hinted.closest("[data-pile]"));
    if (place) { focusPile(place); return; }
    if (!t.hasAttribute("tabindex")) t.setAttribute("tabindex", "-1");
    t.focus({preventScroll: true});
  }

  // The menus (Options, the game menu) open when an answer comes in stay open, unless the
  // answer is to an action taken in them: a tap meant for a toggle of a panel the answer had
  // closed landed on the table and moved a card (a play-tester's finding).
  function openMenus(from) {
    return Array.from(table().querySelectorAll("details[open]"))
      .filter((d) => d.className && !(from && d.contains(from)))
      .map((d) => d.className.split(" ")[0]);
  }

  function reopenMenus(names) {
    for (const name of names || []) {
      const d = table().querySelector(`details.${name}`);
      if (d) d.open = true;
    }
  }

  function focusNow() {
    const el = document.activeElement;
    const t = table();
    if (!el || !t || !t.contains(el) || el === t) return null;
    if (el.id) return {id: el.id};
    const p = el.closest("[data-pile]");
    return p ? {pile: p.dataset.pile} : null;
  }

  function showOffline(text) {
    if (!text) return;
    let note = document.getElementById("offline-note");
    if (!note) {
      note = document.createElement("p");
      note.id = "offline-note";
      note.className = "notice offline-note";
      note.setAttribute("role", "alert");
      note.addEventListener("click", hideOffline); // a tap puts it away, as a notice
      document.body.appendChild(note);
    }
    note.textContent = text;
  }

  function hideOffline() {
    const note = document.getElementById("offline-note");
    if (note) note.remove();
  }

  function announce(text) {
    const region = document.getElementById("announce");
    if (region && text) region.textContent = text.trim();
  }

  document.addEventListener("DOMContentLoaded", () => { celebrate(); announce(table() && table().dataset.announce); });

  document.addEventListener("click", onClick, true);
  // The Options menu closes on a tap outside it, as a menu does (a play-tester found it stayed
  // open over the footer's links on a phone). Seen as the tap goes down to its target: a tap on
  // a card, which the table takes for itself, closes it too.
  document.addEventListener("click", (event) => {
    document.querySelectorAll("details.options[open], details.mode-menu[open]").forEach((d) => { if (!d.contains(event.target)) d.removeAttribute("open"); });
  }, true);
  document.addEventListener("dblclick", (event) => {
    const hit = data && table() && table().contains(event.target) ? cardAt(event.target) : null;
    if (!hit) return;
    stop(event);
    // A move sent by this gesture's clicks (its second click, or a lone card's first) is the
    // double-click's move: nothing more, not the card it uncovered, however slow the two taps
    // (a phone counts taps up to about half a second apart as a double-tap).
    if (busy || lastSent.at >= gestureAt) return;
    sendPreferred(hit.src, hit.count);
  }, true);
  document.addEventListener("pointerdown", onPointerDown);
  // Links are draggable by the browser itself, which would cancel our pointer drag.
  document.addEventListener("dragstart", (event) => { if (event.target.closest && event.target.closest("#table [data-card]")) event.preventDefault(); });
  document.addEventListener("pointermove", onPointerMove, {passive: false});
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", () => { if (drag && drag.ghost) slideBack(drag.ghost, drag.src); drag = null; });
  document.addEventListener("keydown", onKey);
  // Give up and Restart this deal ask first (their hx-confirm) in the table's own dialog, not
  // the browser's box: the question and what follows (its data-confirm-detail), the action's
  // own words on its button, Keep playing focused. Only the action's button sends it; Keep
  // playing or Esc sends nothing.
  document.addEventListener("htmx:confirm", (e) => {
    const box = document.getElementById("confirm-box");
    if (!e.detail.question || !box || typeof box.showModal !== "function") return;
    e.preventDefault();
    if (confirmedId && e.detail.elt.id === confirmedId) { confirmedId = null; e.detail.issueRequest(true); return; }
    cancel();
    box.querySelector("#confirm-question").textContent = e.detail.question;
    box.querySelector("#confirm-yes").textContent = e.detail.elt.textContent.trim();
    box.querySelector("#confirm-detail").textContent = e.detail.elt.dataset.confirmDetail || "";
    box.returnValue = "";
    box.onclose = () => { if (box.returnValue === "yes") confirmed(e.detail); };
    box.showModal();
  });
  // A confirmed action goes at once, or, with a move on its way, once its answer is in: from the
  // same control of the new table, asked no second time (it went nowhere: a play-tester's Give
  // up during a move was dropped).
  function confirmed(detail) {
    if (!busy) { detail.issueRequest(true); return; }
    const id = detail.elt.id;
    queue.push(() => {
      const again = id && document.getElementById(id);
      if (!again || !table().contains(again)) return;
      confirmedId = id;
      again.click();
    });
  }

  // A tap or click outside an open dialog (on its backdrop) closes it, as Esc does: the
  // question then sends nothing.
  document.addEventListener("click", (e) => {
    const box = e.target instanceof HTMLDialogElement && e.target.open ? e.target : null;
    if (!box) return;
    const r = box.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) box.close();
  });
  // Busy from an action's POST until its answer has settled in the page (a tap between the two
  // would act on the table being replaced); a failed request frees it at once.
  // Any other request for the table while one is on its way is dropped: two answers swapped
  // into one table lose the piles kept on the page (hx-preserve) to the one already replaced.
  document.addEventListener("htmx:beforeRequest", (e) => {
    const t = table();
    if (!t || !t.contains(e.target)) return;
    const verb = e.detail.requestConfig && e.detail.requestConfig.verb;
    const toTable = e.detail.target === t;
    if (leaving || (busy && toTable)) { e.preventDefault(); return; }
    if (verb !== "get" || toTable) { busy = true; sentWith = sel; }
  });
  // The answer to an action carries only the piles that changed: the browser names the piles it
  // shows as the server rendered them (their data-key), and the others come back as empty
  // hx-preserve stand-ins that htmx fills with the piles already here (app/web/pile_cache.py).
  document.addEventListener("htmx:configRequest", (e) => {
    if (!e.detail.target || e.detail.target.id !== "table") return;
    const shown = Array.from(table().querySelectorAll("[data-pile][data-key]"));
    e.detail.headers["FT-Piles"] = shown.map((p) => p.dataset.pile + "=" + p.dataset.key).join(" ");
  });
  document.addEventListener("htmx:beforeSwap", (e) => {
    if (e.detail.target && e.detail.target.id === "table") {
      rects = boxes();
      focusWas = focusNow();
      hadFinish = !!document.getElementById("finish-card");
      const config = e.detail.requestConfig || {};
      const event = config.triggeringEvent;
      menusOpen = openMenus((event && event.submitter) || config.elt);
    }
  });
  // A note over the top bar goes at a tap on it (its buttons and links still act), and a notice
  // goes by itself after a few seconds (static/css/table.css): it never keeps the header hidden.
  document.addEventListener("click", (event) => {
    const note = event.target.closest && event.target.closest("#table .messages > *");
    if (note && !event.target.closest("button, a")) note.hidden = true;
  });
  document.addEventListener("htmx:afterSettle", () => {
    busy = false;
    afterSwap();
    const waiting = queue;
    queue = [];
    waiting.forEach((fn) => fn());
  });
  document.addEventListener("htmx:afterRequest", (e) => { if (!e.detail.successful) busy = false; });
  document.addEventListener("htmx:sendError", () => {
    busy = false;
    queue = [];
    const t = table();
    if (snapshot && t) { // the move shown at once did not reach the server: put the table back
      t.outerHTML = snapshot;
      if (window.htmx) window.htmx.process(table());
      load();
    }
    snapshot = null;
    const message = table() && table().dataset.offline;
    announce(message);
    showOffline(message);
  });
  document.addEventListener("htmx:afterSwap", () => { snapshot = null; hideOffline(); });
  window.addEventListener("online", hideOffline); // the connection is back (a play-tester's finding)
  // Leaving the page (a reload, a link) drops what waits for the answer on its way: sent after
  // the reload had started, a queued draw reached the server but not the page reloaded before
  // it, which then showed a stale table (a play-tester's finding).
  // A navigation that does not happen after all (or a page come back from the back-forward
  // cache) plays on.
  window.addEventListener("beforeunload", () => {
    queue = [];
    leaving = true;
    setTimeout(() => { leaving = false; }, 3000);
  });
  window.addEventListener("pageshow", () => { leaving = false; });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load);
  else load();
})();
