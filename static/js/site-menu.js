// The header's menu on a phone: the "Menu" button shows and hides the site's links below the
// header; Escape, a click outside the header, or a wider window closes them again. On wider
// screens the button is hidden by the stylesheet and the links always show.
(function () {
  "use strict";

  function start() {
    var header = document.querySelector(".site-header");
    var button = header && header.querySelector(".menu-toggle");
    var nav = document.getElementById("site-nav");
    if (!button || !nav) return;

    function isOpen() {
      return button.getAttribute("aria-expanded") === "true";
    }
    function setOpen(open) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }

    button.addEventListener("click", function () {
      setOpen(!isOpen());
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && isOpen()) {
        setOpen(false);
        button.focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (isOpen() && !header.contains(event.target)) setOpen(false);
    });
    // turning the phone sideways may show the links inline: a menu left open would then
    // come back open on the next narrow layout
    window.matchMedia("(min-width: 1201px)").addEventListener("change", function (wide) {
      if (wide.matches) setOpen(false);
    });

    // the page's own section is marked in the menu, as sites mark where you are
    // (the longest link that leads here: a profile's games page is Games, not Profile)
    var here = window.location.pathname;
    var best = null;
    var bestLength = 0;
    nav.querySelectorAll("a[href]").forEach(function (link) {
      var path = new URL(link.href, window.location.href).pathname;
      if (path !== "/" && here.indexOf(path) === 0 && path.length > bestLength) {
        best = link;
        bestLength = path.length;
      }
    });
    if (best) best.setAttribute("aria-current", "page");
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
