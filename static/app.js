// Every page: keeps offline copies of pages through the service worker, says when this
// phone is offline, keeps the screen awake on a game's pages, and keeps the scoreboard
// live. Every word shown comes from the page; none is written here.
//
// The scoreboard polls its live part (/games/<id>/live) with the ETag it has. An unchanged
// game answers 304 with no body. Polling pauses while the page is hidden and runs at once
// when it shows again, so a phone waking from sleep is up to date in one round trip.
(() => {
  "use strict";
  const PERIOD = 1500; // ms between polls: a change shows within 2 s
  const PATIENCE = 5000; // ms before a poll that hangs (a sleeping Wi-Fi) counts as failed
  const script = document.currentScript;
  const notice = document.getElementById("offline");
  const live = document.getElementById("live");
  const news = document.getElementById("live-news");
  const gamePage = live || document.getElementById("hand");
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker : null;
  // Whether the worker served this page, and so kept a copy. (Not the same as being
  // controlled: a worker that activates while a page loads claims it after the fact.)
  const navigation = window.performance && performance.getEntriesByType
    ? performance.getEntriesByType("navigation")[0]
    : null;
  const servedByWorker = Boolean(navigation && navigation.workerStart > 0);

  function offline(yes) {
    if (!notice) return;
    const text = yes ? notice.dataset.text : "";
    if (notice.textContent !== text) notice.textContent = text;
  }
  window.scorekeeper = { offline: offline };

  // Asks the service worker to store a fresh copy of this page, e.g. after a live update.
  function keepCopy() {
    if (worker && worker.controller) worker.controller.postMessage({ keep: location.href });
  }

  // This page's own stylesheets and scripts, by address.
  function ownAssets() {
    const found = document.querySelectorAll('link[rel="stylesheet"][href], script[src]');
    return Array.prototype.map.call(found, (element) => element.href || element.src);
  }

  if (worker && script && script.dataset.worker) {
    worker
      .register(script.dataset.worker)
      .then(() => worker.ready)
      .then((registration) => {
        // A page loaded before the worker ran (the first one a phone opens) is kept now.
        // Its stylesheets and scripts too: the worker stores at install only what every
        // page uses, and the rest as pages use them.
        if (!servedByWorker && registration.active) {
          registration.active.postMessage({ keep: location.href, assets: ownAssets() });
        }
      })
      .catch(() => {});
  }

  let lock = null;
  function stayAwake() {
    if (!gamePage || lock || !("wakeLock" in navigator)) return;
    if (document.visibilityState !== "visible") return;
    navigator.wakeLock
      .request("screen")
      .then((sentinel) => {
        lock = sentinel;
        // The browser lets go when the page is hidden; visibilitychange asks again.
        sentinel.addEventListener("release", () => { lock = null; });
      })
      .catch(() => { lock = null; });
  }

  let etag = live ? live.dataset.etag : "";
  let timer = 0;
  let pending = null;

  function headline() {
    const line = live.querySelector(".banner") || live.querySelector(".turn");
    return line ? line.textContent.trim() : "";
  }

  function show(html) {
    const before = headline();
    const focused = live.contains(document.activeElement) ? document.activeElement.id : "";
    live.innerHTML = html;
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    const after = headline();
    // The region that announces is outside the part replaced, so it is always there.
    if (news && after && after !== before) news.textContent = after;
    keepCopy();
    document.dispatchEvent(new Event("scorekeeper:live"));
  }

  // The result card's script, fetched when the card is asked for (a finger on "Send result",
  // issue 56): a scoreboard, finished or not, loads without it. A tap before it came sends
  // once it has.
  let cardScript = null;
  function withCardScript() {
    const source = live && live.dataset.cardScript;
    if (!source || window.scorekeeperCard) return Promise.resolve();
    if (!cardScript) {
      cardScript = new Promise((resolve, reject) => {
        const script = Object.assign(document.createElement("script"), { src: source, onload: resolve });
        script.onerror = () => { cardScript = null; script.remove(); reject(new Error(source)); };
        document.body.appendChild(script);
      });
    }
    return cardScript;
  }
  if (live) {
    const sendKey = (event) => event.target.closest && event.target.closest("#live [data-send]");
    ["pointerdown", "focusin"].forEach((kind) =>
      document.addEventListener(kind, (event) => { if (sendKey(event)) withCardScript().catch(() => {}); }));
    document.addEventListener("click", (event) => {
      const key = sendKey(event);
      if (!key || window.scorekeeperCard) return;
      event.preventDefault();
      withCardScript().then(() => window.scorekeeperCard.send(key.closest("[data-card]")), () => { location.href = key.href; });
    });
  }

  function schedule() {
    clearTimeout(timer);
    if (document.visibilityState === "visible") timer = setTimeout(poll, PERIOD);
  }

  function poll() {
    clearTimeout(timer);
    if (pending) pending.abort();
    const control = new AbortController();
    pending = control;
    const giveUp = setTimeout(() => control.abort(), PATIENCE);
    fetch(live.dataset.live, {
      headers: { "If-None-Match": etag },
      cache: "no-store",
      credentials: "same-origin",
      signal: control.signal,
    })
      .then((response) => {
        if (response.status === 304) return null;
        if (!response.ok) throw new Error(String(response.status));
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then((html) => {
        if (pending !== control) return;
        offline(false);
        if (html !== null) show(html);
      })
      .catch(() => {
        if (pending === control) offline(true);
      })
      .finally(() => {
        clearTimeout(giveUp);
        if (pending === control) {
          pending = null;
          schedule();
        }
      });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      stayAwake();
      if (live) poll();
    } else {
      clearTimeout(timer);
    }
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && live) poll();
  });
  window.addEventListener("online", () => {
    offline(false);
    if (live) poll();
  });
  window.addEventListener("offline", () => offline(true));

  // Times the server wrote in UTC ("Nov 22, 2026, 9:05 PM UTC"), in this phone's own time
  // zone and the page's language, as the server writes them (CLDR's words through Babel);
  // the UTC text stays as the title.
  const moments = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  document.querySelectorAll("time[data-local]").forEach((el) => {
    const moment = new Date(el.getAttribute("datetime"));
    if (Number.isNaN(moment.getTime())) return;
    el.title = el.textContent;
    // CLDR keeps "AM"/"PM" to its time by a narrow no-break space, which Chromium writes as
    // a plain space (for old scripts' sake): the server's, so that the two agree and the
    // period never wraps alone onto the next line.
    const parts = moments.formatToParts(moment);
    el.textContent = parts
      .map((part, i) =>
        part.type === "literal" &&
        (parts[i + 1]?.type === "dayPeriod" || parts[i - 1]?.type === "dayPeriod")
          ? part.value.replace(/ /g, "\u202f")
          : part.value,
      )
      .join("");
  });

  // "Keep this game on this phone": its script (keep.js) comes when tapped, or at once for
  // a game this phone keeps.
  const keep = document.getElementById("keep");
  if (keep && worker && window.indexedDB && window.caches) {
    let brought = false;
    const bring = () => {
      if (brought) return;
      brought = true;
      const script = document.createElement("script");
      script.src = keep.dataset.script;
      document.body.appendChild(script);
    };
    // Keep's largest files (the button names them, each with its digest) are asked for with
    // keep.js, not two round trips later (issue 44), from the service worker, which stores
    // each whole once checked, and goes on when this page is left (sw.js, issue 56).
    const early = () => worker.ready.then((registration) => registration.active.postMessage({
      engine: (keep.dataset.early || "").split(" ").filter(Boolean).map((named) => {
        const [url, sha256] = named.split("#");
        return { url, sha256 };
      }),
    }));
    const asked = () => {
      keep.dataset.asked = "1";
      early().catch(() => {});
      bring();
    };
    keep.hidden = false;
    keep.addEventListener("click", asked, { once: true });
    try {
      if (localStorage.getItem("scorekeeper:kept:" + keep.dataset.game)) bring();
      // Once the page and its service worker are done loading: keeping waits its turn.
      else if (keep.dataset.auto !== undefined) worker.ready.then(() => keepByItself(asked)).catch(() => {});
    } catch (error) {
      // no storage: the game is not kept here
    }
  }

  // A phone that edits a started game keeps it by itself (issue 44). With the data saver
  // on or a metered connection it asks first, once: the answer holds for this phone.
  function keepByItself(keepNow) {
    const ANSWER = "scorekeeper:keep-by-itself";
    const link = navigator.connection || {};
    const sparing = link.saveData || link.type === "cellular" || /2g|3g/.test(link.effectiveType || "");
    const answer = localStorage.getItem(ANSWER);
    if (answer === "yes" || (!answer && !sparing && navigator.onLine !== false)) return keepNow();
    const ask = document.getElementById("keep-ask");
    if (answer || !ask) return;
    ask.hidden = false;
    ask.addEventListener("click", (event) => {
      const key = event.target.closest("button");
      if (!key) return;
      localStorage.setItem(ANSWER, key.id === "keep-ask-yes" ? "yes" : "no");
      ask.hidden = true;
      if (key.id === "keep-ask-yes") keepNow();
    });
  }

  if (navigator.onLine === false) offline(true);
  stayAwake();
  if (live) poll();
})();
