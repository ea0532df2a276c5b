// The site socket every page of a signed-in player holds (/ws/site/, games/presence/consumers.py):
// it keeps the player "online" and tells the page where their friends are. Any element
// [data-presence-of="<user id>"] shows that friend's state in words (and a class for its
// colour: the words carry the meaning); a list [data-presence-here] (the lobby's "who is here")
// is rebuilt with the friends who have a page open. A message for the player ({"type": "site"})
// is handed on as a "site:event" event on the document. Closed, it opens again with a growing
// pause; a refusal for not being signed in (4401) is final.
(function () {
  "use strict";

  var WORDS = {
    online: "online",
    at_table: "at a table",
    watching: "watching a table",
    away: "away",
    offline: "offline",
  };
  var HERE = ["at_table", "watching", "online"];
  var AWAY_SECONDS = 300; // games.live.services.presence.ONLINE_SECONDS: away, then offline
  var people = {}; // user id: {user, name, state, game, watchable}
  var awayTimers = {};
  var pause = 1000;

  function show(person) {
    var words = WORDS[person.state] || person.state;
    document.querySelectorAll('[data-presence-of="' + person.user + '"]').forEach(function (el) {
      el.textContent = words;
      el.className = "presence presence-" + person.state;
      el.hidden = false;
    });
    clearTimeout(awayTimers[person.user]);
    if (person.state === "away") {
      awayTimers[person.user] = setTimeout(function () {
        take([{ user: person.user, name: person.name, state: "offline", game: null, watchable: false }]);
      }, AWAY_SECONDS * 1000);
    }
  }

  function rebuildHere() {
    var list = document.querySelector("[data-presence-here]");
    if (!list) return;
    var here = Object.keys(people)
      .map(function (id) { return people[id]; })
      .filter(function (person) { return HERE.indexOf(person.state) >= 0; })
      .sort(function (a, b) {
        return HERE.indexOf(a.state) - HERE.indexOf(b.state) ||
          a.name.toLowerCase().localeCompare(b.name.toLowerCase());
      });
    var profile = list.dataset.profileUrl; // with 0 for the id
    var watch = list.dataset.watchUrl;
    list.replaceChildren.apply(list, here.map(function (person) {
      var row = document.createElement("li");
      var name = document.createElement("a");
      name.href = profile.replace("/0/", "/" + person.user + "/");
      name.textContent = person.name;
      var state = document.createElement("span");
      state.dataset.presenceOf = person.user;
      state.className = "presence presence-" + person.state;
      state.textContent = WORDS[person.state] || person.state;
      row.append(name, " ", state);
      if (person.state === "at_table" && person.watchable && person.game) {
        var link = document.createElement("a");
        link.className = "button secondary small watch-link";
        link.href = watch.replace("/0/", "/" + person.game + "/");
        link.textContent = "Watch";
        link.setAttribute("aria-label", "Watch " + person.name + "'s table");
        row.append(" ", link);
      }
      return row;
    }));
    var empty = document.querySelector("[data-presence-none]");
    if (empty) empty.hidden = here.length > 0;
  }

  function take(list, full) {
    if (full) people = {};
    list.forEach(function (person) { people[person.user] = person; });
    rebuildHere();
    list.forEach(show);
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + "/ws/site/");
    socket.addEventListener("open", function () { pause = 1000; });
    socket.addEventListener("message", function (message) {
      var data;
      try { data = JSON.parse(message.data); } catch (error) { return; }
      if (data.type === "presence") take(data.people, data.full);
      else if (data.type === "site") {
        document.dispatchEvent(new CustomEvent("site:event", { detail: data.event }));
      }
    });
    socket.addEventListener("close", function (event) {
      if (event.code === 4401) return;
      setTimeout(connect, pause * (0.5 + Math.random()));
      pause = Math.min(pause * 2, 30000);
    });
  }

  function start() {
    var first = document.getElementById("presence-initial");
    if (first) {
      var known = JSON.parse(first.textContent);
      take(Object.keys(known).map(function (id) { return known[id]; }), false);
    }
    if ("WebSocket" in window) connect();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
