// gpuplace enhancements. Every page works without this script: it only
// updates results in place, keeps the address bar on the share link, brings
// the form into an answer's page, adds and removes user rows, hides the
// fields of the other workload kind and copies links.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function form() { return document.getElementById("advice-form"); }

  function syncKind() {
    var f = form();
    if (!f) return;
    var checked = f.querySelector('input[name="kind"]:checked');
    var kind = checked ? checked.value : "inference";
    f.classList.remove("kind-training", "kind-inference");
    f.classList.add("kind-" + kind);
  }

  function addRow() {
    var body = document.querySelector("table.users tbody");
    if (!body) return;
    var rows = body.querySelectorAll("tr.user-row");
    var last = rows[rows.length - 1];
    var row = last.cloneNode(true);
    var n = rows.length;
    row.querySelectorAll("input").forEach(function (input) {
      input.value = "";
      var base = input.id.replace(/-\d+$/, "");
      input.id = base + "-" + n;
    });
    row.querySelectorAll("label").forEach(function (label) {
      var base = label.htmlFor.replace(/-\d+$/, "");
      label.htmlFor = base + "-" + n;
    });
    body.appendChild(row);
    row.querySelector("input").focus();
  }

  function removeRow(button) {
    var row = button.closest("tr.user-row");
    var body = row.parentNode;
    if (body.querySelectorAll("tr.user-row").length > 1) {
      row.remove();
    } else {
      row.querySelectorAll("input").forEach(function (i) { i.value = ""; });
    }
  }

  function copy(button) {
    var input = document.getElementById(button.getAttribute("data-copy"));
    if (!input) return;
    var done = function () {
      var label = button.textContent;
      button.textContent = "✓";
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    // Without a configured base URL the server writes links relative to
    // the site: copy them whole, on the origin this page came from.
    if (input.value.charAt(0) === "/") input.value = location.origin + input.value;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { input.select(); });
    } else {
      input.select();
      try { document.execCommand("copy"); done(); } catch (e) { /* the text stays selected */ }
    }
  }

  // Submit: ask the server for the results fragment. The server redirects
  // a form submission to the canonical share link; fetch follows it, so
  // response.url is the link to put in the address bar.
  function submit(event) {
    var f = event.target;
    if (f.id !== "advice-form" || !window.fetch || !window.URLSearchParams) return;
    event.preventDefault();
    var url = f.action + "?" + new URLSearchParams(new FormData(f)).toString();
    var results = document.getElementById("results");
    results.setAttribute("aria-busy", "true");
    fetch(url, { headers: { "HX-Request": "true" } }).then(function (resp) {
      if (resp.status !== 200) {
        // Field errors: load the page itself, which shows each message
        // beside its field.
        window.location.assign(resp.url || url);
        return;
      }
      return resp.text().then(function (html) {
        results.innerHTML = html;
        results.removeAttribute("aria-busy");
        loadWhatIf();
        var section = results.querySelector("[data-title]");
        if (section) document.title = section.getAttribute("data-title");
        if (resp.url && resp.url !== window.location.href) {
          history.pushState({}, "", resp.url);
          followLanguageSwitch(resp.url);
        }
        var heading = results.querySelector("h2");
        if (heading) {
          heading.setAttribute("tabindex", "-1");
          heading.focus({ preventScroll: true });
        }
        results.scrollIntoView({ behavior: "smooth", block: "start" });
      });
    }).catch(function () { window.location.assign(url); });
  }

  // The language switch links to this page in the other language: keep it
  // on the address the results moved to.
  function followLanguageSwitch(url) {
    document.querySelectorAll(".lang-switch a[lang]").forEach(function (a) {
      var u = new URL(url, window.location.href);
      u.searchParams.set("lang", a.getAttribute("lang"));
      a.setAttribute("href", u.pathname + u.search);
    });
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (t.closest(".add-row")) { addRow(); }
    else if (t.closest(".remove-row")) { removeRow(t.closest(".remove-row")); }
    else if (t.closest("[data-copy]")) { copy(t.closest("[data-copy]")); }
    else if (t.closest("[data-testid=edit-link]") && openEdit()) { e.preventDefault(); }
  });
  // The heat map: a tapped or focused cell says its pair and round trip
  // above the map, where a phone shows no tooltip.
  function readCell(e) {
    var cell = e.target.closest && e.target.closest(".heatmap .cell");
    var out = document.querySelector(".hm-readout");
    if (!cell || !out) return;
    var title = cell.querySelector("title");
    if (title) out.textContent = title.textContent;
  }
  document.addEventListener("click", readCell);
  // The world map: a tap (or click) says the figures of the line or place
  // nearest to it, within a fingertip, below the map, where a phone shows
  // no tooltip. Places win over the lines that end on them.
  function readMap(e) {
    var svg = e.target.closest && e.target.closest(".worldmap svg");
    var out = svg && svg.parentNode.querySelector(".map-readout");
    var ctm = svg && svg.getScreenCTM();
    if (!out || !ctm) return;
    var pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    pt = pt.matrixTransform(ctm.inverse());
    var best = null, bestD = 16 / ctm.a; // 16 px in the map's units
    svg.querySelectorAll(".ln, .users, .region").forEach(function (el) {
      var d = mapDistance(el, pt.x, pt.y);
      if (d <= bestD) { best = el; bestD = d; }
    });
    svg.querySelectorAll(".sel").forEach(function (el) { el.classList.remove("sel"); });
    var title = best && best.querySelector("title");
    if (!title) return;
    best.classList.add("sel");
    out.textContent = title.textContent;
  }
  // mapDistance is how far (x, y) is from a line, or from a place's edge.
  function mapDistance(el, x, y) {
    var n = function (a) { return parseFloat(el.getAttribute(a)); };
    if (el.tagName === "line") {
      var x1 = n("x1"), y1 = n("y1"), dx = n("x2") - x1, dy = n("y2") - y1;
      var len = dx * dx + dy * dy;
      var t = len ? Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / len)) : 0;
      return Math.hypot(x - x1 - t * dx, y - y1 - t * dy);
    }
    if (el.tagName === "circle") return Math.max(0, Math.hypot(x - n("cx"), y - n("cy")) - n("r"));
    var r = n("width") / 2;
    return Math.max(0, Math.hypot(x - n("x") - r, y - n("y") - r) - r);
  }
  document.addEventListener("click", readMap);
  document.addEventListener("focusin", readCell);
  document.addEventListener("change", function (e) {
    if (e.target.name === "kind") syncKind();
  });
  document.addEventListener("submit", submit);

  // The card's "Edit the question" links to the question's own page: on
  // an answer's page it opens the fold, where the form comes in place; on
  // the form's page the form is already there.
  function openEdit() {
    var d = document.getElementById("edit-question");
    var target = d || form();
    if (!target) return false;
    if (d) { d.open = true; loadEdit(d); }
    target.scrollIntoView({ behavior: "smooth", block: "start" });
    return true;
  }

  // The fold holds a link to the form's page: opened, it fetches that page
  // once and puts its form and presets in place of the link (which stays
  // if the fetch fails).
  function loadEdit(d) {
    var src = d.getAttribute("data-src");
    if (!src || d.getAttribute("data-loaded") || form() || !window.fetch || !window.DOMParser) return;
    d.setAttribute("data-loaded", "1");
    d.setAttribute("aria-busy", "true");
    fetch(src).then(function (resp) {
      if (resp.status !== 200) throw new Error(resp.status);
      return resp.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var f = doc.getElementById("advice-form");
      if (!f) throw new Error("no form");
      var link = d.querySelector(".edit-elsewhere");
      d.appendChild(document.importNode(f, true));
      var presets = doc.querySelector("[data-testid=presets]");
      if (presets) d.appendChild(document.importNode(presets, true));
      if (link) link.remove();
      syncKind();
      d.removeAttribute("aria-busy");
    }).catch(function () {
      d.removeAttribute("data-loaded");
      d.removeAttribute("aria-busy");
    });
  }
  document.addEventListener("toggle", function (e) {
    if (e.target.id === "edit-question" && e.target.open) loadEdit(e.target);
  }, true);

  // A form sent back with errors: its summary is the first thing to read.
  function focusErrors() {
    var box = document.getElementById("form-errors");
    if (box) box.focus();
    if (location.hash === "#edit-question") openEdit();
  }
  // "What would change the pick" is worked out apart from the answer:
  // fetched once the answer is shown, its list put in place of the frame
  // the page has for readers without script. The answer names its own
  // what-if (data-src): an answer swapped in place is shown before the
  // address bar moves to its link (a pinned answer's page has no slot).
  function loadWhatIf() {
    var slot = document.getElementById("what-if");
    var src = slot && slot.getAttribute("data-src");
    if (!src || slot.getAttribute("data-loaded") || !window.fetch || !window.DOMParser) return;
    slot.setAttribute("data-loaded", "1");
    slot.setAttribute("aria-busy", "true");
    fetch(src).then(function (resp) {
      if (resp.status !== 200) throw new Error(resp.status);
      return resp.text();
    }).then(function (html) {
      var list = new DOMParser().parseFromString(html, "text/html").querySelector("[data-testid=what-if-changes]");
      if (list) slot.appendChild(document.importNode(list, true));
      slot.removeAttribute("aria-busy");
    }).catch(function () { slot.removeAttribute("aria-busy"); });
  }

  window.addEventListener("popstate", function () { window.location.reload(); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { syncKind(); focusErrors(); loadWhatIf(); });
  } else {
    syncKind();
    focusErrors();
    loadWhatIf();
  }
})();
