// Challenge links: the Share button asks the server for a link (POST /s, JSON), then opens the
// system share sheet where the browser offers one (phones), else copies the link to the
// clipboard, and says so. Without this script the form posts and the link's page shows the link.
(function () {
  "use strict";

  function say(status, text, url) {
    if (!status) return;
    status.textContent = text + " ";
    if (url) {
      const a = document.createElement("a");
      a.href = url;
      a.textContent = url;
      a.className = "share-url";
      status.appendChild(a);
    }
  }

  async function deliver(holder, data) {
    const status = holder.querySelector(".share-status") || holder.parentElement.querySelector(".share-status");
    if (navigator.share) {
      try {
        await navigator.share({ title: data.title, text: data.text, url: data.url });
        say(status, holder.dataset.shared || "Shared.", data.url);
        return;
      } catch (err) {
        if (err && err.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
    } catch (err) {
      // No clipboard either: the link is shown below, to copy by hand.
    }
    say(status, holder.dataset.copied || "Link copied.", data.url);
  }

  document.addEventListener("submit", async function (ev) {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-share")) return;
    ev.preventDefault();
    ev.stopPropagation();
    let data;
    try {
      const r = await fetch(form.action, {
        method: "POST", body: new FormData(form), credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (!r.ok) throw new Error("HTTP " + r.status);
      data = await r.json();
    } catch (err) {
      form.submit();
      return;
    }
    form.dataset.url = data.url;
    await deliver(form, data);
  }, true);

  document.addEventListener("click", function (ev) {
    const button = ev.target instanceof Element ? ev.target.closest("button[data-share-url]") : null;
    if (!button) return;
    ev.preventDefault();
    deliver(button, { url: button.dataset.shareUrl, title: button.dataset.title, text: button.dataset.text });
  });

  function reveal() {
    document.querySelectorAll("button[data-share-url][hidden]").forEach(function (b) { b.hidden = false; });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", reveal);
  else reveal();
  document.addEventListener("htmx:afterSettle", reveal);
})();
