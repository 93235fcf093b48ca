/* Count from tiles (docs/rules.md §7): a tile picker for the referee's phone that writes the
   hand's notation into the "Tiles" field, and a "Count" button that asks the desk for the
   calculation and offers to fill the figures in. The referee's figures are what count: nothing
   is saved here, and the tiles are counted again when the hand is saved. Without this script the
   notation is typed by hand and counted on save.

   In the classic games (data-kind "points") every player's hand is counted: "Whose tiles"
   chooses the player the picker writes for (their own tiles field, flowers and seasons are
   shown), a player who did not go out ends with 13 tiles and no winning tile, and "Use these
   figures" fills that player's points and doubles. EMA Riichi 2008 (data-red-fives) adds the
   red fives, written 0m, 0p, 0s. */
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

  // a red five (0m) is a five: it sorts and counts as one
  function number(tile) { return tile[0] === "0" ? 5 : Number(tile[0]); }
  function plain(tile) { return tile[0] === "0" ? "5" + tile[1] : tile; }
  function order(tile) { return SUITS.indexOf(tile[1]) * 10 + number(tile) + (tile[0] === "0" ? 0.5 : 0); }

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

  function emptyHand() { return { concealed: [], melds: [], win: null, flowers: 0 }; }

  function setUp(box) {
    var t = box.dataset;
    var form = box.closest("form");
    var points = t.kind === "points";
    var holder = box.querySelector("[data-tile-picker]");
    var countButton = box.querySelector("[data-count-button]");
    var result = box.querySelector("[data-count-result]");
    var whose = form.querySelector('select[name="tiles_winner"]');
    var input = points ? null : form.querySelector('input[name="tiles"]');
    if ((!points && !input) || !holder || !window.fetch || !window.FormData) { return; }
    var hands = {};  // the classic games: one picker hand per seat
    var seat = null;
    var hand = emptyHand();
    var history = [];
    var mode = "concealed";
    var honours = (t.honours || "E S W N Wh G R").split(" ");
    var honourNames = (t.honourNames || "").split("|");
    var suitNames = (t.suitNames || "").split("|");
    var modeLabels = (t.modes || "").split("|");

    function winnerChosen() {
      return form.querySelector('input[name="winner"]:checked, input[name="winners"]:checked');
    }

    function isWinner() {
      if (!points) { return true; }
      var chosen = form.querySelectorAll('input[name="winner"]:checked, input[name="winners"]:checked');
      return Array.prototype.some.call(chosen, function (item) { return item.value === String(seat); });
    }

    function most() { return isWinner() ? 14 : 13; }

    function size() { return hand.concealed.length + 3 * hand.melds.length + (hand.win ? 1 : 0); }

    function all() {
      var every = hand.concealed.slice();
      hand.melds.forEach(function (meld) { every = every.concat(meld.tiles); });
      if (hand.win) { every.push(hand.win); }
      return every;
    }

    function copies(tile) {
      return all().filter(function (other) { return plain(other) === plain(tile); }).length;
    }

    function reds(tile) {
      return all().filter(function (other) { return other === tile; }).length;
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

    function field() { return points ? form.querySelector('input[name="tiles_' + seat + '"]') : input; }

    function write() {
      var target = field();
      if (target) { target.value = notation(); }
      refresh();
    }

    function refresh() {
      var template = most() === 13 ? t.tilesCount13 : t.tilesCount;
      counter.textContent = (template || "{n} / 14").replace("{n}", String(size()));
      flowerValue.textContent = String(hand.flowers);
      modeButtons.forEach(function (item) {
        item.setAttribute("aria-pressed", item.dataset.mode === mode ? "true" : "false");
      });
    }

    function remember() { history.push(JSON.stringify(hand)); }

    function over(tiles) {
      return tiles.some(function (item) {
        var extra = tiles.filter(function (x) { return plain(x) === plain(item); }).length;
        var red = item[0] === "0" && reds(item) + tiles.filter(function (x) { return x === item; }).length > 1;
        return red || copies(item) + extra > 4;
      });
    }

    function tap(tile) {
      var meld = null;
      var full = size() >= most();
      if (mode === "win") {
        if (!isWinner()) { say(t.noWinTile, true); return; }
        if (over([tile])) { say(tile[0] === "0" ? t.oneRed : t.tooMany, true); return; }
        remember();
        hand.win = tile;
        mode = "concealed";
      } else if (mode === "concealed") {
        if (over([tile]) || full) {
          say(full ? (most() === 13 ? t.full13 : t.full) : (tile[0] === "0" ? t.oneRed : t.tooMany), true);
          return;
        }
        remember();
        hand.concealed.push(tile);
      } else {
        var n = number(tile);
        if (mode === "chow") {
          if (tile[1] === "z" || n > 7) { say(t.chowStart, true); return; }
          meld = [tile, (n + 1) + tile[1], (n + 2) + tile[1]];
        } else {
          meld = [tile, plain(tile), plain(tile)];
          if (mode !== "pung") { meld.push(plain(tile)); }
        }
        if (over(meld) || size() + 3 > most()) {
          say(over(meld) ? t.tooMany : (most() === 13 ? t.full13 : t.full), true);
          return;
        }
        remember();
        hand.melds.push({ kind: mode, tiles: meld });
      }
      result.textContent = "";
      write();
    }

    // The classic games: whose tiles the picker writes; only that player's fields are shown.
    function choose(next) {
      if (!points) { return; }
      if (seat !== null) { hands[seat] = { hand: hand, history: history }; }
      seat = next;
      var kept = hands[seat] || { hand: emptyHand(), history: [] };
      hand = kept.hand;
      history = kept.history;
      mode = "concealed";
      box.querySelectorAll("[data-tile-seat]").forEach(function (group) {
        group.hidden = group.dataset.tileSeat !== String(seat);
      });
      if (whose && whose.value !== String(seat)) { whose.value = String(seat); }
      result.textContent = "";
      refresh();  // the player's field keeps what it holds until a tile is tapped
    }

    // The picker: modes, the 34 kinds (and the red fives), flowers, undo and clear.
    holder.hidden = false;
    var modeRow = make("div", "tile-modes");
    var modeButtons = MODES.map(function (name, index) {
      var item = button("tile-mode", modeLabels[index] || name);
      item.dataset.mode = name;
      item.addEventListener("click", function () { mode = name; refresh(); });
      modeRow.appendChild(item);
      return item;
    });
    holder.appendChild(modeRow);
    SUITS.forEach(function (suit) {
      var red = t.redFives && suit !== "z";
      var row = make("div", "tile-row suit-" + suit + (red ? " with-red" : ""));
      var numbers = [];
      for (var n = 1; n <= (suit === "z" ? 7 : 9); n += 1) { numbers.push(String(n)); }
      if (red) { numbers.push("0"); }
      numbers.forEach(function (digit) {
        var tile = digit + suit;
        var number = digit === "0" ? 5 : Number(digit);
        var text = suit === "z" ? honours[number - 1] : String(number);
        // Named by what it shows ("5p", "Wh": a voice command says what it sees; a red five
        // "5p (red five)"); the tile's name in words ("5 dots", "White dragon") describes it.
        var item = button("tile suit-" + suit + (digit === "0" ? " red-five" : ""), text,
          digit === "0" ? "5" + suit + " (" + t.redFives + ")" : undefined);
        if (suit !== "z") { item.appendChild(make("small", "", suit)); }
        var longName = suit === "z" ? honourNames[number - 1]
          : (suitNames[SUITS.indexOf(suit)] || "").replace("{n}", String(number));
        if (longName && digit === "0") { longName += ", " + t.redFives; }
        if (longName) { item.title = longName; }
        item.dataset.tile = tile;
        item.addEventListener("click", tap.bind(null, tile));
        row.appendChild(item);
      });
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
    if (!points) {  // the classic games name each flower and season in the player's fields
      tools.appendChild(make("span", "tile-label", t.flowers));
      [minus, flowerValue, plus].forEach(function (item) { tools.appendChild(item); });
    }
    [counter, undo, clear].forEach(function (item) { tools.appendChild(item); });
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
      hand = emptyHand();
      mode = "concealed";
      write();
    });
    counter.textContent = (t.tilesCount || "{n} / 14").replace("{n}", "0");
    modeButtons.forEach(function (item) {  // six toggle buttons, one of them pressed
      item.setAttribute("aria-pressed", item.dataset.mode === mode ? "true" : "false");
    });
    if (points) {
      var first = winnerChosen();
      var start = whose && whose.value !== "" ? whose.value : (first ? first.value : null);
      if (start === null) {
        var group = box.querySelector("[data-tile-seat]");
        start = group ? group.dataset.tileSeat : "0";
      }
      choose(Number(start));
      if (whose) { whose.addEventListener("change", function () { if (whose.value !== "") { choose(Number(whose.value)); } }); }
      form.addEventListener("change", function (event) {
        if (event.target.name === "winner" || event.target.name === "winners") { refresh(); }
      });
    }

    function fill(answer) {
      var set = function (name, value) {
        var target = form.querySelector('[name="' + name + '"]');
        if (!target) { return; }
        if (target.type === "checkbox") { target.checked = Boolean(value); } else { target.value = value; }
        target.dispatchEvent(new Event("change", { bubbles: true }));
      };
      Object.keys(answer.fills).forEach(function (name) {
        if (box.dataset.kind === "fan" || (points && !form.querySelector('[name="' + name + '_' + answer.winner + '"]'))) {
          set(name, answer.fills[name]);
        } else {
          set(name + "_" + answer.winner, answer.fills[name]);
        }
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
        var value = typeof line.value === "number" ? String(line.value * line.count) : line.value;
        item.appendChild(make("span", "number", value));
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
      var target = field();
      if (!target || !target.value.trim()) { say(t.empty, true); return; }
      var data = new FormData(form);
      if (points) { data.set("tiles_winner", String(seat)); }
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
