/* Count from tiles (docs/rules.md §7): a tile picker for the referee's phone that writes the
   hand's notation into the "Tiles" field, and a "Count" button that asks the desk for the
   calculation and offers to fill the figures in. The referee's figures are what count: nothing
   is saved here, and the tiles are counted again when the hand is saved. Without this script the
   notation is typed by hand and counted on save. */
(function () {
  "use strict";

  var SUITS = ["m", "p", "s", "z"];
  var MODES = ["concealed", "chow", "pung", "kong", "concealed_kong", "win"];

  function make(tag, className, text) {
    var element = document.createElement(tag);
    if (className) { element.className = className; }
    if (text !== undefined) { element.textContent = text; }
    return element;
  }

  function button(className, text, label) {
    var element = make("button", className, text);
    element.type = "button";
    if (label) { element.setAttribute("aria-label", label); }
    return element;
  }

  function order(tile) { return SUITS.indexOf(tile[1]) * 10 + Number(tile[0]); }

  function groupText(tiles) {
    // "1m 2m 3m 5p" -> "123m 5p"
    var parts = [];
    tiles.slice().sort(function (a, b) { return order(a) - order(b); }).forEach(function (tile) {
      var last = parts[parts.length - 1];
      if (last && last.suit === tile[1]) { last.digits += tile[0]; } else {
        parts.push({ suit: tile[1], digits: tile[0] });
      }
    });
    return parts.map(function (part) { return part.digits + part.suit; }).join(" ");
  }

  function setUp(box) {
    var t = box.dataset;
    var form = box.closest("form");
    var input = form.querySelector('input[name="tiles"]');
    var holder = box.querySelector("[data-tile-picker]");
    var countButton = box.querySelector("[data-count-button]");
    var result = box.querySelector("[data-count-result]");
    if (!input || !holder || !window.fetch || !window.FormData) { return; }
    var hand = { concealed: [], melds: [], win: null, flowers: 0 };
    var history = [];
    var mode = "concealed";
    var honours = (t.honours || "E S W N Wh G R").split(" ");
    var honourNames = (t.honourNames || "").split("|");
    var suitNames = (t.suitNames || "").split("|");
    var modeLabels = (t.modes || "").split("|");

    function size() { return hand.concealed.length + 3 * hand.melds.length + (hand.win ? 1 : 0); }

    function copies(tile) {
      var all = hand.concealed.slice();
      hand.melds.forEach(function (meld) { all = all.concat(meld.tiles); });
      if (hand.win) { all.push(hand.win); }
      return all.filter(function (other) { return other === tile; }).length;
    }

    function notation() {
      var parts = [];
      if (hand.concealed.length) { parts.push(groupText(hand.concealed)); }
      hand.melds.forEach(function (meld) {
        var text = meld.tiles.map(function (tile) { return tile[0]; }).join("") + meld.tiles[0][1];
        parts.push(meld.kind === "concealed_kong" ? "{" + text + "}" : "[" + text + "]");
      });
      if (hand.win) { parts.push("+" + hand.win); }
      if (hand.flowers) { parts.push("f" + hand.flowers); }
      return parts.join(" ");
    }

    function say(text, isError) {
      result.textContent = "";
      var line = make("p", isError ? "error" : "muted", text);
      result.appendChild(line);
    }

    function write() {
      input.value = notation();
      counter.textContent = (t.tilesCount || "{n} / 14").replace("{n}", String(size()));
      flowerValue.textContent = String(hand.flowers);
      modeButtons.forEach(function (item) {
        item.setAttribute("aria-pressed", item.dataset.mode === mode ? "true" : "false");
      });
    }

    function remember() { history.push(JSON.stringify(hand)); }

    function tap(tile) {
      var number = Number(tile[0]);
      var meld = null;
      if (mode === "win") {
        if (copies(tile) >= 4) { say(t.tooMany, true); return; }
        remember();
        hand.win = tile;
        mode = "concealed";
      } else if (mode === "concealed") {
        if (copies(tile) >= 4 || size() >= 14) { say(size() >= 14 ? t.full : t.tooMany, true); return; }
        remember();
        hand.concealed.push(tile);
      } else {
        if (mode === "chow") {
          if (tile[1] === "z" || number > 7) { say(t.chowStart, true); return; }
          meld = [tile, (number + 1) + tile[1], (number + 2) + tile[1]];
        } else {
          meld = [tile, tile, tile];
          if (mode !== "pung") { meld.push(tile); }
        }
        var over = meld.some(function (item) {
          return copies(item) + meld.filter(function (x) { return x === item; }).length > 4;
        });
        if (over || size() + 3 > 14) { say(over ? t.tooMany : t.full, true); return; }
        remember();
        hand.melds.push({ kind: mode, tiles: meld });
      }
      result.textContent = "";
      write();
    }

    // The picker: modes, the 34 kinds, flowers, undo and clear.
    holder.hidden = false;
    var modeRow = make("div", "tile-modes");
    var modeButtons = MODES.map(function (name, index) {
      var item = button("tile-mode", modeLabels[index] || name);
      item.dataset.mode = name;
      item.addEventListener("click", function () { mode = name; write(); });
      modeRow.appendChild(item);
      return item;
    });
    holder.appendChild(modeRow);
    SUITS.forEach(function (suit) {
      var row = make("div", "tile-row suit-" + suit);
      for (var number = 1; number <= (suit === "z" ? 7 : 9); number += 1) {
        var tile = number + suit;
        var text = suit === "z" ? honours[number - 1] : String(number);
        // Named by what it shows ("5p", "Wh": a voice command says what it sees); the tile's
        // name in words ("5 dots", "White dragon") is its description.
        var item = button("tile suit-" + suit, text);
        if (suit !== "z") { item.appendChild(make("small", "", suit)); }
        var longName = suit === "z" ? honourNames[number - 1]
          : (suitNames[SUITS.indexOf(suit)] || "").replace("{n}", String(number));
        if (longName) { item.title = longName; }
        item.dataset.tile = tile;
        item.addEventListener("click", tap.bind(null, tile));
        row.appendChild(item);
      }
      holder.appendChild(row);
    });
    var tools = make("div", "tile-tools");
    var minus = button("tile-step", "−", t.fewerFlowers);
    var plus = button("tile-step", "+", t.moreFlowers);
    var flowerValue = make("output", "tile-flowers", "0");
    var counter = make("span", "tile-size");
    counter.setAttribute("role", "status");  // "5 of 14 tiles", said after each tap
    var undo = button("tile-tool", t.undo);
    var clear = button("tile-tool", t.clear);
    tools.appendChild(make("span", "tile-label", t.flowers));
    [minus, flowerValue, plus, counter, undo, clear].forEach(function (item) { tools.appendChild(item); });
    holder.appendChild(tools);
    minus.addEventListener("click", function () {
      if (hand.flowers > 0) { remember(); hand.flowers -= 1; write(); }
    });
    plus.addEventListener("click", function () {
      if (hand.flowers < 8) { remember(); hand.flowers += 1; write(); }
    });
    undo.addEventListener("click", function () {
      if (history.length) { hand = JSON.parse(history.pop()); write(); }
    });
    clear.addEventListener("click", function () {
      remember();
      hand = { concealed: [], melds: [], win: null, flowers: 0 };
      mode = "concealed";
      write();
    });
    counter.textContent = (t.tilesCount || "{n} / 14").replace("{n}", "0");
    modeButtons.forEach(function (item) {  // six toggle buttons, one of them pressed
      item.setAttribute("aria-pressed", item.dataset.mode === mode ? "true" : "false");
    });

    function winnerChosen() {
      return form.querySelector('input[name="winner"]:checked, input[name="winners"]:checked');
    }

    function fill(answer) {
      var set = function (name, value) {
        var field = form.querySelector('[name="' + name + '"]');
        if (field) {
          field.value = value;
          field.dispatchEvent(new Event("change", { bubbles: true }));
        }
      };
      Object.keys(answer.fills).forEach(function (name) {
        set(box.dataset.kind === "fan" ? name : name + "_" + answer.winner, answer.fills[name]);
      });
      if (box.dataset.kind !== "fan") { set("tiles_winner", answer.winner); }
      say(t.filled, false);
      var save = form.querySelector("button.save");
      if (save) { save.scrollIntoView({ block: "center" }); }
    }

    function show(answer) {
      result.textContent = "";
      result.appendChild(make("p", "tile-summary", answer.summary));
      if (answer.verdict_text) { result.appendChild(make("p", "error", answer.verdict_text)); }
      var list = make("ul", "tile-lines");
      answer.lines.forEach(function (line) {
        var item = make("li");
        item.appendChild(make("span", "", line.label + (line.count > 1 ? " ×" + line.count : "")));
        item.appendChild(make("span", "number", String(line.value * line.count)));
        list.appendChild(item);
      });
      result.appendChild(list);
      var use = button("secondary", t.use);
      use.addEventListener("click", function () { fill(answer); });
      result.appendChild(use);
    }

    countButton.hidden = false;
    countButton.addEventListener("click", function () {
      if (!winnerChosen()) { say(t.needWinner, true); return; }
      if (!input.value.trim()) { say(t.empty, true); return; }
      var data = new FormData(form);
      if (box.dataset.countHand) { data.append("count_hand", box.dataset.countHand); }
      say(t.counting, false);
      fetch(box.dataset.countUrl, {
        method: "POST",
        body: data,
        credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" }
      }).then(function (response) {
        return response.json().then(function (answer) {
          if (answer.ok) { show(answer); } else { say(answer.error || t.failed, true); }
        }, function () { say(t.failed, true); });
      }, function () { say(t.offline, true); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-tile-count]").forEach(setUp);
  });
}());
