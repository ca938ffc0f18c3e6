// Cities of the Silk Road at the table (issue 34): draws the snapshot's `game`
// (silk_cities::page) in words and small tables — your city and your development cards first
// on a seat's page, then every city, the empires' tracks with their prices, and the coins on
// the map. A seat asked gets every legal move as a labelled button, grouped by what it does
// (buy, sell, build, attack …): no move needs typing. The question names the phase.
"use strict";
(function () {
  function table(head, rows, cls) {
    const t = h("table", cls || "small");
    const tr = h("tr");
    for (const c of head) tr.appendChild(h("th", "", c));
    t.appendChild(tr);
    for (const r of rows) {
      const row = h("tr");
      for (const c of r) row.appendChild(h("td", "", c));
      t.appendChild(row);
    }
    return t;
  }

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  function city(c, g) {
    const box = h("div", c.you ? "city you" : "city");
    const asked = g.asked.includes(c.seat) ? " · asked" : "";
    box.appendChild(h("h3", "", `${c.you ? `You (P${c.seat})` : `P${c.seat}`} · ${c.region}${asked}`));
    if (c.fallen) box.appendChild(h("p", "", `Ruins in ${c.fallen}`));
    box.appendChild(table(["Coins", "Food", "Metal", "Silk", "Fine silk"], [[c.coins, c.food, c.metal, c.silk, c.fine_silk]]));
    const people = c.citizens.map((k) => [k.role, k.ready, k.used]);
    if (people.length) box.appendChild(table(["Citizens", "Ready", "Used this round"], people));
    box.appendChild(h("p", "", c.improvements.length ? `Improvements: ${c.improvements.join(", ")}` : "No improvements yet"));
    box.appendChild(h("p", "", `${plural(c.dev_cards, "development card", "development cards")}${c.you ? "" : " (hidden)"}`));
    for (const n of c.notes) box.appendChild(h("p", "", n));
    return box;
  }

  // A group with more moves than this (a bid's range, an offer's prices) is folded: its
  // heading opens it.
  const FOLD = 12;

  // The seat's moves, one button each, under a heading per group in the engine's order.
  function moves(list, ctx) {
    const box = h("div", "moves");
    const groups = new Map();
    for (const m of list) {
      if (!groups.has(m.group)) groups.set(m.group, []);
      groups.get(m.group).push(m);
    }
    for (const [name, ms] of groups) {
      const folded = ms.length > FOLD && groups.size > 1;
      const g = h(folded ? "details" : "div", "move-group");
      g.appendChild(h(folded ? "summary" : "h3", "", folded ? `${name} (${ms.length} choices)` : name));
      const row = h("div", "choices");
      for (const m of ms) {
        const b = h("button", "choice move", m.label);
        b.type = "button";
        b.dataset.move = m.text;
        b.addEventListener("click", () => ctx.send(m.text));
        row.appendChild(b);
      }
      g.appendChild(row);
      box.appendChild(g);
    }
    return box;
  }

  function draw(s, el, ctx) {
    const g = s.game;
    el.replaceChildren();
    el.dataset.kind = "cities";
    const mine = ctx.role === "seat" && (g.moves || []).length > 0;
    if (mine) el.appendChild(moves(g.moves, ctx));
    el.appendChild(h("p", "round", `Round ${g.round} of at most ${g.max_rounds} · ${g.phase} · first to ${g.target_vp} victory points wins`));
    const home = g.cities.find((c) => c.you);
    if (home) {
      const you = h("div", "yours");
      you.appendChild(city(home, g));
      const hand = h("div", "hand");
      hand.appendChild(h("h3", "", `Your development cards (${g.your_vp} of ${g.target_vp} victory points)`));
      if (g.hand.length) hand.appendChild(table(["Card", "Held", "Effect"], g.hand.map((d) => [d.name, d.count, d.effect])));
      else hand.appendChild(h("p", "", "none"));
      you.appendChild(hand);
      el.appendChild(you);
    }
    const wrap = h("div", "cities-table");
    const others = h("div", "cities");
    for (const c of g.cities.filter((c) => !c.you)) others.appendChild(city(c, g));
    wrap.appendChild(others);
    const market = h("div", "market");
    market.appendChild(h("h3", "", "Great Empires"));
    for (const t of g.tracks) {
      const box = h("div", "track");
      box.appendChild(h("h4", "", `${t.empire} ${t.trade}${t.trade === "sells" ? " (price to buy)" : " (price paid)"}`));
      if (t.cards.length) box.appendChild(table(["Slot", "Card", "Coins"], t.cards.map((c) => [c.slot, c.good, c.price])));
      else box.appendChild(h("p", "", "nothing on the track"));
      market.appendChild(box);
    }
    if (g.regions.length) {
      market.appendChild(h("h3", "", "Coins on the map"));
      market.appendChild(table(["Region", "Coin stacks", "Treasury"], g.regions.map((r) => [r.name, r.stacks.length ? r.stacks.join(", ") : "—", r.treasury])));
    }
    const decks = `Silk deck: ${g.silk_deck} cards · development deck: ${g.dev_deck} cards`;
    market.appendChild(h("p", "", decks));
    if (g.penalized.length) market.appendChild(h("p", "", `Barbarian travel penalty this round: ${g.penalized.map((s) => "P" + s).join(", ")}`));
    wrap.appendChild(market);
    el.appendChild(wrap);
    return { board: true, moves: true };
  }

  window.silkGames = window.silkGames || {};
  window.silkGames.cities = draw;
})();
