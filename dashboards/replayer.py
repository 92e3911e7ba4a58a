"""The hand replayer on a page: one small script that draws ``stud_hh.replayer`` steps.

Every number and card comes from ``stud_hh.replayer`` (Python computes the table after each
step); the script only draws the step it is on, carrying forward what a step leaves out
(``replay_data`` sends each step's changes). The same script serves the static report pages
(``replays_block``: hands embedded as JSON, opened from a button in a table) and the local
app (``replay_document``: one hand as a page the app shows in a frame). Player names,
table names and messages are set as text (``textContent``), never as markup, and the
embedded JSON has ``<``, ``>`` and ``&`` escaped, so a name such as ``</script><img ...>``
stays a name.

Keys: left/right arrows step, Home/End jump to the start or the end. A step with findings
is marked in the list of steps; the findings panel shows each one's severity, code, rule
and message, and any further field the validator gives a finding.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import duckdb

from dashboards.html import esc

CSS = """
.replayer{border:1px solid #d5dbe3;border-radius:6px;padding:10px 14px;margin:10px 0;
background:#fbfcfd;font-size:.92em}
.replayer h3{margin:0 0 6px;font-size:1.05em;color:#1f3b57}
.replayer .controls{display:flex;gap:6px;align-items:center;margin:6px 0;flex-wrap:wrap}
.replayer .controls button{padding:3px 10px;cursor:pointer}
.replayer .where{font-weight:600;margin-left:8px}
.replayer .felt{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:8px;
margin:8px 0}
.replayer .seat{border:1px solid #ccd3dc;border-radius:6px;padding:6px;background:#fff}
.replayer .seat.actor{border-color:#1f77b4;box-shadow:0 0 0 2px #1f77b455}
.replayer .seat.folded{opacity:.45}
.replayer .seat .name{font-weight:600;overflow-wrap:anywhere}
.replayer .cards{margin:4px 0;min-height:1.9em}
.replayer .card{display:inline-block;min-width:1.7em;padding:2px 3px;margin:1px;border-radius:4px;
border:1px solid #999;text-align:center;font-family:ui-monospace,Menlo,Consolas,monospace;
background:#fff}
.replayer .card.down{background:#eef2f7;border-style:dashed}
.replayer .card.unknown{background:repeating-linear-gradient(45deg,#6b86a8,#6b86a8 3px,#56708f 3px,
#56708f 6px);color:transparent}
.replayer .card.red{color:#c62828} .replayer .card.blue{color:#1565c0}
.replayer .card.green{color:#2e7d32}
.replayer .pot{font-weight:600}
.replayer .lines{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;
background:#f0f3f6;padding:6px;border-radius:4px;margin:6px 0}
.replayer .findings{margin:6px 0;padding:0;list-style:none}
.replayer .findings li{border-left:4px solid #d62728;background:#fdecea;padding:4px 8px;
margin:3px 0}
.replayer .findings li.warning{border-color:#ff7f0e;background:#fff4e5}
.replayer .steps{max-height:220px;overflow:auto;font-size:.85em;margin:6px 0;padding-left:2.2em}
.replayer .steps li{cursor:pointer}
.replayer .steps li.current{background:#dbe9f7}
.replayer .steps li.flag{color:#b71c1c;font-weight:600}
.replay-button{cursor:pointer;padding:1px 8px}
"""

#: The replayer script: ``StudReplayer.mount(element, data)`` draws one hand; on a static
#: page, buttons with ``data-replay="KEY"`` open the embedded hand KEY.
SCRIPT = r"""
(function () {
  var SUITS = {c: ["\u2663", "green"], d: ["\u2666", "blue"], h: ["\u2665", "red"],
               s: ["\u2660", ""]};
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function money(data, v) {
    if (v === undefined || v === null) { return ""; }
    if (!data.currency) { return Number(v).toLocaleString("en-US"); }
    var s = v < 0 ? "-" : "";
    return s + data.symbol + (Math.abs(v) / 100).toFixed(2);
  }
  function card(c) {
    var text = c[0], up = c[1];
    if (text === null) { return el("span", "card unknown", "??"); }
    var suit = SUITS[text.charAt(1)] || [text.charAt(1), ""];
    var e = el("span", "card " + (up ? "up " : "down ") + suit[1], text.charAt(0) + suit[0]);
    e.title = (up ? "face up: " : "face down: ") + text;
    return e;
  }
  function states(data) {
    var out = [], prev = {};
    data.steps.forEach(function (step) {
      var s = {};
      Object.keys(prev).forEach(function (k) {
        if (["lines", "actor", "action_index", "findings"].indexOf(k) < 0) { s[k] = prev[k]; }
      });
      Object.keys(step).forEach(function (k) { s[k] = step[k]; });
      out.push(s); prev = s;
    });
    return out;
  }
  var STREETS = {3: "3rd street", 4: "4th street", 5: "5th street", 6: "6th street",
                 7: "7th street (river)"};
  function finding(f) {
    var li = el("li", f.severity === "warning" ? "warning" : "error");
    var head = el("div");
    head.appendChild(el("strong", null, String(f.severity || "").toUpperCase() + " " + f.code));
    head.appendChild(document.createTextNode(" (rule book " + (f.rule || "?") + ")"));
    li.appendChild(head);
    li.appendChild(el("div", "message", f.message));
    Object.keys(f).forEach(function (k) {
      if (["code", "severity", "rule", "message", "street", "action_index",
           "player"].indexOf(k) < 0 && f[k] !== null && f[k] !== undefined) {
        li.appendChild(el("div", "extra", k.replace(/_/g, " ") + ": " +
                          (typeof f[k] === "object" ? JSON.stringify(f[k]) : f[k])));
      }
    });
    return li;
  }
  function mount(root, data) {
    root.textContent = "";
    root.classList.add("replayer");
    var all = states(data), at = 0;
    root.appendChild(el("h3", null, "Hand #" + data.hand_id + " \u00b7 " + data.title));
    var controls = el("div", "controls");
    var buttons = [["\u00ab start", "first", function () { go(0); }],
                   ["\u25c0 back", "back", function () { go(at - 1); }],
                   ["next \u25b6", "next", function () { go(at + 1); }],
                   ["end \u00bb", "last", function () { go(all.length - 1); }],
                   ["next finding \u26a0", "next-finding", function () { nextFinding(); }]];
    buttons.forEach(function (b) {
      var button = el("button", "step-" + b[1], b[0]);
      button.type = "button";
      button.addEventListener("click", b[2]);
      controls.appendChild(button);
    });
    var where = el("span", "where");
    controls.appendChild(where);
    root.appendChild(controls);
    var pot = el("div", "pot");
    root.appendChild(pot);
    var felt = el("div", "felt");
    root.appendChild(felt);
    var lines = el("div", "lines");
    root.appendChild(lines);
    var found = el("ul", "findings");
    root.appendChild(found);
    var list = el("ol", "steps");
    all.forEach(function (s, i) {
      var item = el("li", s.findings ? "flag" : "",
                    (s.findings ? "\u26a0 " : "") + (s.lines && s.lines.length ? s.lines[0] : ""));
      item.addEventListener("click", function () { go(i); });
      list.appendChild(item);
    });
    root.appendChild(list);
    root.tabIndex = 0;
    root.addEventListener("keydown", function (e) {
      if (e.key === "ArrowRight") { go(at + 1); e.preventDefault(); }
      else if (e.key === "ArrowLeft") { go(at - 1); e.preventDefault(); }
      else if (e.key === "Home") { go(0); e.preventDefault(); }
      else if (e.key === "End") { go(all.length - 1); e.preventDefault(); }
    });
    function nextFinding() {
      for (var i = at + 1; i < all.length; i++) { if (all[i].findings) { go(i); return; } }
      for (var j = 0; j <= at; j++) { if (all[j].findings) { go(j); return; } }
    }
    function go(i) {
      at = Math.max(0, Math.min(all.length - 1, i));
      var s = all[at];
      root.setAttribute("data-step", String(at));
      where.textContent = "step " + (at + 1) + " of " + all.length + " \u00b7 " +
        (STREETS[s.street] || "") + (s.action_index !== undefined ?
        " \u00b7 action " + s.action_index : "");
      pot.textContent = "Pot " + money(data, s.pot) +
        (s.board && s.board.length ? " \u00b7 board " + s.board.join(" ") : "");
      felt.textContent = "";
      data.seats.forEach(function (seat, k) {
        var box = el("div", "seat" + (s.folded && s.folded[k] ? " folded" : "") +
                     (s.actor === seat[1] ? " actor" : ""));
        box.appendChild(el("div", "name", "Seat " + seat[0] + ": " + seat[1]));
        var cards = el("div", "cards");
        ((s.cards || [])[k] || []).forEach(function (c) { cards.appendChild(card(c)); });
        box.appendChild(cards);
        box.appendChild(el("div", "stack", "stack " + money(data, (s.stacks || [])[k]) +
          ((s.bets || [])[k] ? " \u00b7 bet " + money(data, s.bets[k]) : "") +
          (s.folded && s.folded[k] ? " \u00b7 folded" : "")));
        felt.appendChild(box);
      });
      lines.textContent = (s.lines || []).join("\n");
      found.textContent = "";
      (s.findings || []).forEach(function (f) { found.appendChild(finding(f)); });
      Array.prototype.forEach.call(list.children, function (item, n) {
        item.classList.toggle("current", n === at);
      });
      var current = list.children[at];
      if (current && current.scrollIntoView && root.getAttribute("data-scroll") !== "no") {
        list.scrollTop = current.offsetTop - list.offsetTop - 40;
      }
    }
    go(0);
    return {go: go, count: all.length};
  }
  window.StudReplayer = {mount: mount};
  document.addEventListener("DOMContentLoaded", function () {
    var store = document.getElementById("replays-data");
    var single = document.getElementById("replay-data");
    if (single) {
      mount(document.getElementById("replayer"), JSON.parse(single.textContent));
    }
    if (!store) { return; }
    var hands = JSON.parse(store.textContent);
    var target = document.getElementById("replayer");
    document.querySelectorAll("[data-replay]").forEach(function (button) {
      button.addEventListener("click", function () {
        var data = hands[button.getAttribute("data-replay")];
        if (!data) { return; }
        target.hidden = false;
        mount(target, data);
        target.scrollIntoView({behavior: "smooth", block: "start"});
        target.focus();
      });
    });
  });
})();
"""


def script_json(value: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` that could end it."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def hand_replay(con: duckdb.DuckDBPyConnection, hand_key: int) -> dict[str, Any]:
    """One stored hand, ready for the page: its steps with its stored findings."""
    from pipelines.lookup import stored_hand
    from stud_hh.replayer import replay, replay_data

    stored = stored_hand(con, hand_key)
    return replay_data(replay(stored.hand, stored.findings))


def hand_replays(con: duckdb.DuckDBPyConnection, keys: Iterable[int]) -> dict[str, Any]:
    """``str(hand_key) -> replay`` for the hands that can be read back (others are left
    out, and their buttons do nothing)."""
    from pipelines.lookup import stored_hands
    from stud_hh.replayer import replay, replay_data

    unique = list(dict.fromkeys(int(k) for k in keys))
    return {str(key): replay_data(replay(stored.hand, stored.findings))
            for key, stored in stored_hands(con, unique) if stored is not None}


def replay_button(hand_key: object) -> str:
    return (f'<button type="button" class="replay-button" data-replay="{esc(hand_key)}">'
            "replay</button>")


def replays_block(replays: Mapping[str, Any]) -> str:
    """The replayer panel and the embedded hands of a static page."""
    return (f'<div id="replayer" hidden></div><script type="application/json" '
            f'id="replays-data">{script_json(replays)}</script>')


def page_assets() -> tuple[str, str]:
    """``(css, script)`` the page framework includes once."""
    return CSS, SCRIPT


def replay_document(data: Mapping[str, Any]) -> str:
    """One hand's replayer as a whole HTML document (the app shows it in a frame)."""
    return (
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{esc('Hand #' + str(data.get('hand_id', '')))}</title>"
        "<style>body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;"
        f"color:#222}}{CSS}</style></head><body>"
        f'<div id="replayer" data-scroll="yes"></div>'
        f'<script type="application/json" id="replay-data">{script_json(data)}</script>'
        f"<script>{SCRIPT}</script></body></html>"
    )
