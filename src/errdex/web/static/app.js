// errdex: small progressive enhancements; every page works without this file.
"use strict";

var MAX_GET_QUERY = 6000;
// Recent searches live in this browser's storage only: the server never keeps or shows them.
var RECENT_KEY = "errdex.recent";
var RECENT_MAX = 20;
var RECENT_TEXT = 2000;

function loadRecent() {
  try {
    var items = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(items) ? items : [];
  } catch (e) {
    return [];  // storage disabled or garbled: no history, never an error
  }
}

function saveRecent(items) {
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(items.slice(0, RECENT_MAX)));
  } catch (e) { /* storage full or disabled: nothing to keep */ }
}

// The line worth listing: a traceback's last line ("ValueError: ..."), else the first one.
function usefulLine(text) {
  var lines = text.split(/\r?\n/).map(function (l) { return l.trim(); }).filter(Boolean);
  if (!lines.length) { return ""; }
  return /^Traceback/.test(lines[0]) ? lines[lines.length - 1] : lines[0];
}

// On a results page: note the search and its best match in this browser.
function rememberSearch() {
  var results = document.querySelector("section.results");
  var ta = document.querySelector("form.searchbox textarea");
  if (!results || !ta || !ta.value.trim()) { return; }
  var text = ta.value.slice(0, RECENT_TEXT);
  var top = results.querySelector("li.match a.open");
  var entry = {
    q: text,
    line: usefulLine(text).slice(0, 200),
    when: new Date().toISOString(),
    top: top ? top.getAttribute("href") : null,
    found: results.querySelectorAll("li.match").length
  };
  var items = loadRecent().filter(function (x) { return x && x.q !== entry.q; });
  items.unshift(entry);
  saveRecent(items);
}

// On the home page: list them, built from text nodes only (strict CSP, nothing parsed as HTML).
function showRecent() {
  var box = document.getElementById("recent");
  if (!box) { return; }
  var items = loadRecent();
  var list = box.querySelector("ul");
  items.forEach(function (x) {
    if (!x || typeof x.q !== "string") { return; }
    var li = document.createElement("li");
    var when = document.createElement("span");
    when.className = "when";
    when.textContent = typeof x.when === "string" ? x.when.slice(11, 16) + " UTC" : "";
    var a = document.createElement("a");
    a.className = "mono";
    a.href = "/search?q=" + encodeURIComponent(x.q);
    var line = String(x.line || x.q);
    a.textContent = line.length > 120 ? line.slice(0, 119) + "…" : line;
    var found = document.createElement("span");
    found.className = "muted";
    if (typeof x.top === "string" && x.top.charAt(0) === "/" && x.top.charAt(1) !== "/") {
      var top = document.createElement("a");
      top.href = x.top;
      top.textContent = x.top.split("/").pop();
      found.append(" → ", top);
    } else {
      found.textContent = " no match";
    }
    li.append(when, a, found);
    list.append(li);
  });
  box.hidden = !list.children.length;
  var forget = document.getElementById("recent-forget");
  if (forget) {
    forget.addEventListener("click", function () {
      try { localStorage.removeItem(RECENT_KEY); } catch (e) { /* nothing stored */ }
      list.textContent = "";
      box.hidden = true;
    });
  }
}
document.addEventListener("DOMContentLoaded", function () {
  // Ctrl/Cmd+Enter submits the search box.
  document.querySelectorAll("form.searchbox textarea").forEach(function (ta) {
    ta.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) {
        ev.preventDefault();
        ta.form.requestSubmit();
      }
    });
  });
  // A search is a GET, so its results have a URL to share; a paste too long for a URL
  // (proxies cut them at ~8 KB) is POSTed to the same address instead.
  document.querySelectorAll("form.searchbox").forEach(function (form) {
    form.addEventListener("submit", function () {
      var ta = form.querySelector("textarea");
      form.method = ta && encodeURIComponent(ta.value).length > MAX_GET_QUERY ? "post" : "get";
    });
  });
  rememberSearch();
  showRecent();
  // Codebase page: filter the errors shown on this page as you type (the form still
  // filters the whole codebase on submit).
  var filter = document.getElementById("filter");
  if (filter) {
    filter.addEventListener("input", function () {
      var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      document.querySelectorAll("ul.errlist li").forEach(function (li) {
        var hay = li.getAttribute("data-filter") || "";
        li.hidden = !words.every(function (w) { return hay.indexOf(w) >= 0; });
      });
    });
  }
  // Stored-source page: highlight the line named in the URL fragment.
  if (location.hash && /^#L\d+$/.test(location.hash)) {
    var a = document.getElementById(location.hash.slice(1));
    if (a) { a.classList.add("target-line"); }
  }
});
