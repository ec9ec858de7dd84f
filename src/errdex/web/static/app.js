// errdex: small progressive enhancements; every page works without this file.
"use strict";
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
