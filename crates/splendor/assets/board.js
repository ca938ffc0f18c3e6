// Splendor at the table (issue 34): draws the snapshot's `game` (silk_splendor::page) — on a
// seat's page that seat first (gems by name and colour, bonuses, reserved cards), then the
// board as cards with their moves on them (tap a card: buy, showing what you pay, or reserve),
// gems taken by tapping the supply; on the table page the whole board and every player's
// public holdings. Text only through textContent (see app.js's `h`).
"use strict";
(function () {
  const KINDS = ["white", "blue", "green", "red", "black", "gold"];
  // The gems picked on the supply for a take, kept across snapshots until sent or cleared.
  let picked = [];
  let pickedAt = -1;
  // The place of the stronghold picked up to move (issue 44), until it is moved or put back.
  let moving = null;
  const STRONGHOLD = ["place", "move", "remove"];

  function plural(n, one) {
    return `${n} ${one}${n === 1 ? "" : "s"}`;
  }

  function chip(kind, count, withName) {
    const c = h("span", `gem gem-${kind}`);
    c.appendChild(h("b", "", count));
    if (withName) c.appendChild(h("span", "gem-name", kind));
    c.title = kind;
    return c;
  }

  // "2 blue, 1 gold" from counts by kind.
  function countsText(counts) {
    const parts = [];
    counts.forEach((n, k) => {
      if (n > 0) parts.push(`${n} ${KINDS[k]}`);
    });
    return parts.join(", ");
  }

  function cost(costs) {
    const row = h("div", "cost");
    costs.forEach((n, k) => {
      if (n > 0) row.appendChild(chip(KINDS[k], n, false));
    });
    return row;
  }

  function moveButton(m, text, ctx, cls) {
    const b = h("button", `choice ${cls || ""}`, text);
    b.type = "button";
    b.dataset.move = m.text;
    b.setAttribute("aria-label", m.label);
    b.addEventListener("click", () => ctx.send(m.text));
    return b;
  }

  // A card face, with the moves that act on it.
  function card(face, moves, ctx, showLevel) {
    const c = h("div", `card card-${face.colour}`);
    const top = h("div", "card-top");
    top.appendChild(h("span", "card-points", face.points > 0 ? face.points : ""));
    const bonus = face.bonus === 2 ? `2 × ${face.colour}` : face.colour;
    top.appendChild(h("span", "card-bonus", bonus));
    c.appendChild(top);
    if (showLevel || face.orient) c.appendChild(h("div", "card-level", `${showLevel ? `level ${face.level}` : ""}${showLevel && face.orient ? " · " : ""}${face.orient ? "Orient" : ""}`));
    if (face.effect) c.appendChild(h("div", "card-effect", face.effect));
    c.appendChild(cost(face.cost));
    for (const m of moves) {
      if (STRONGHOLD.includes(m.kind)) continue;
      let text = m.label;
      if (m.kind === "buy") {
        const what = countsText(m.pay || []);
        const cards = m.gold_cards ? `${what ? ", " : ""}${m.gold_cards} gold card(s)` : "";
        text = what || cards ? `Buy: pay ${what}${cards}` : "Buy: free";
      } else if (m.kind === "reserve") {
        text = m.label.includes("gold") ? "Reserve (+1 gold)" : "Reserve";
      }
      c.appendChild(moveButton(m, text, ctx, `on-card move-${m.kind}`));
    }
    return c;
  }

  // What a tile asks for, said as such (a noble's, a city's, a post's requirement).
  function needs(what, counts) {
    const row = cost(counts);
    row.insertBefore(h("span", "needs", `${what}:`), row.firstChild);
    return row;
  }

  function movesAt(moves, at) {
    return moves.filter((m) => m.at === at);
  }

  function sameGems(a, b) {
    return a.length === b.length && [...a].sort().join() === [...b].sort().join();
  }

  // The supply; on the seat asked to take gems, each gem is a button that picks it.
  function supply(g, ctx, mine) {
    const box = h("div", "supply");
    box.appendChild(h("h3", "", "Supply"));
    const row = h("div", "gems");
    const takes = mine ? g.moves.filter((m) => m.kind === "take") : [];
    g.supply.forEach((n, k) => {
      const kind = KINDS[k];
      if (takes.length && k < 5 && n > 0) {
        const b = h("button", `gem gem-${kind} pick`);
        b.type = "button";
        b.dataset.gem = kind;
        b.appendChild(h("b", "", n));
        b.appendChild(h("span", "gem-name", kind));
        const count = picked.filter((p) => p === kind).length;
        if (count) b.appendChild(h("span", "picked", "✓".repeat(count)));
        b.setAttribute("aria-label", `pick ${kind} (${n} left)`);
        b.addEventListener("click", () => {
          picked.push(kind);
          // A pick that no take can grow from starts over with this gem.
          if (!takes.some((m) => picked.every((p, i) => m.colours.filter((c) => c === p).length >= picked.filter((q) => q === p).length))) {
            picked = [kind];
          }
          ctx.redraw();
        });
        row.appendChild(b);
      } else {
        row.appendChild(chip(kind, n, true));
      }
    });
    box.appendChild(row);
    if (takes.length) {
      const match = takes.find((m) => sameGems(m.colours, picked));
      const act = h("div", "take");
      act.appendChild(h("p", "hint", picked.length ? `Picked: ${picked.join(", ")}` : "Tap the gems to take: 3 different colours, or the same colour twice"));
      if (match) act.appendChild(moveButton(match, match.label, ctx, "take-go"));
      if (picked.length) {
        const clear = h("button", "choice", "Clear");
        clear.type = "button";
        clear.addEventListener("click", () => {
          picked = [];
          ctx.redraw();
        });
        act.appendChild(clear);
      }
      box.appendChild(act);
    }
    return box;
  }

  function tiles(g, mine, ctx) {
    const box = h("div", "tiles");
    for (const n of g.nobles) {
      const t = h("div", "tile noble");
      t.appendChild(h("div", "tile-points", `Noble · ${n.points} prestige`));
      t.appendChild(needs("needs", n.requires));
      if (n.holder) t.appendChild(h("div", "tile-owner", `visited P${n.holder}`));
      else if (n.reserved_by) t.appendChild(h("div", "tile-owner", `reserved by P${n.reserved_by}`));
      for (const m of mine ? movesAt(g.moves, `noble ${n.place}`) : []) t.appendChild(moveButton(m, m.label, ctx));
      box.appendChild(t);
    }
    for (const c of g.cities) {
      const t = h("div", "tile city");
      // A city's prestige is what it asks, not what it gives (issue 44).
      t.appendChild(h("div", "tile-points", `City ${c.place}: needs ${c.points} prestige`));
      if (c.requires.some((k) => k > 0)) t.appendChild(needs("and bonuses", c.requires));
      for (const a of c.any) t.appendChild(h("div", "", `and ${a} bonuses of one other colour`));
      for (const m of mine ? movesAt(g.moves, `city ${c.place}`) : []) t.appendChild(moveButton(m, "Claim", ctx));
      box.appendChild(t);
    }
    for (const p of g.posts) {
      const t = h("div", "tile post");
      t.appendChild(h("div", "tile-points", `Post ${p.place}: ${p.power}`));
      t.appendChild(needs("needs", p.requires));
      // A post that asks for a noble in a game without nobles says it cannot be taken.
      if (p.nobles) t.appendChild(h("div", "", p.nobles_in_play ? `and ${p.nobles} noble${p.nobles === 1 ? "" : "s"}` : "and a noble: none in this game, so out of reach"));
      if (p.holders.length) t.appendChild(h("div", "tile-owner", p.holders.map((s) => `P${s}`).join(", ")));
      for (const m of mine ? movesAt(g.moves, `post ${p.place}`) : []) t.appendChild(moveButton(m, "Place", ctx));
      box.appendChild(t);
    }
    return box;
  }

  // Strongholds on the cards (issue 44), as buy and reserve are: place one here, pick up
  // yours here to move it ("Move it here" then shows on every card it may go to), remove
  // another's. Each button's label names its card, so none is mistaken for another.
  function strongholdButtons(c, g, place, ctx) {
    for (const m of movesAt(g.moves, place)) {
      if (m.kind === "place") c.appendChild(moveButton(m, "Place here", ctx, "on-card move-place"));
      if (m.kind === "remove") c.appendChild(moveButton(m, m.label.replace(/ from .*/, ""), ctx, "on-card move-remove"));
    }
    const away = g.moves.filter((m) => m.kind === "move" && m.from === place);
    if (away.length) {
      const back = moving === place;
      const b = h("button", "choice on-card move-pick", back ? "Keep it here" : "Move this one");
      b.type = "button";
      b.setAttribute("aria-label", back ? `Keep your stronghold on ${away[0].from_card}` : `Move your stronghold from ${away[0].from_card} to another card`);
      b.addEventListener("click", () => {
        moving = back ? null : place;
        ctx.redraw();
      });
      c.appendChild(b);
    }
    const here = moving && g.moves.find((m) => m.kind === "move" && m.from === moving && m.at === place);
    if (here) c.appendChild(moveButton(here, "Move it here", ctx, "on-card move-move"));
  }

  function levels(g, mine, ctx) {
    const box = h("div", "levels");
    // Every level's row has as many columns as the fullest (a row whose deck ran out keeps
    // its cards their size).
    box.style.setProperty("--slots", String(Math.max(1, ...g.levels.map((l) => l.cards.length))));
    for (const l of g.levels) {
      const row = h("div", "level");
      const deck = h("div", "deck");
      deck.appendChild(h("b", "", `Level ${l.level}`));
      deck.appendChild(h("div", "", `deck: ${l.deck}${l.orient_deck != null ? ` · Orient ${l.orient_deck}` : ""}`));
      for (const m of mine ? g.moves.filter((m) => m.kind === "reserve" && (m.at || "").startsWith(`deck `) && m.at.endsWith(`${l.level}`)) : []) {
        deck.appendChild(moveButton(m, m.at.includes("orient") ? "Reserve Orient, unseen" : "Reserve unseen", ctx));
      }
      row.appendChild(deck);
      for (const slot of l.cards) {
        const c = card(slot.card, mine ? movesAt(g.moves, slot.place) : [], ctx);
        c.dataset.place = slot.place;
        for (const [seat, k] of slot.strongholds) c.appendChild(h("div", "tile-owner", `P${seat} stronghold × ${k}`));
        if (mine) strongholdButtons(c, g, slot.place, ctx);
        row.appendChild(c);
      }
      box.appendChild(row);
    }
    return box;
  }

  function holdings(p, g, ctx, mine) {
    const box = h("div", p.you ? "seat you" : "seat");
    const head = h("div", "seat-head");
    head.appendChild(h("b", "", p.you ? `You (P${p.seat})` : `P${p.seat}`));
    head.appendChild(h("span", "prestige", `${p.prestige} prestige`));
    const gold = p.gold_cards ? ` · ${plural(p.gold_cards, "gold card")}` : "";
    // (The Cities has no nobles: none are counted.)
    const nobles = g.cities.length && !p.nobles ? "" : ` · ${plural(p.nobles, "noble")}`;
    head.appendChild(h("span", "", `${plural(p.cards, "card")}${nobles}${gold}`));
    if (g.current === p.seat && !g.over) head.appendChild(h("span", "turn-mark", "to play"));
    box.appendChild(head);
    const toks = h("div", "gems");
    toks.appendChild(h("span", "label", `Tokens ${p.held}/${g.token_limit}:`));
    p.tokens.forEach((n, k) => {
      if (n > 0) toks.appendChild(chip(KINDS[k], n, true));
    });
    box.appendChild(toks);
    const bon = h("div", "gems");
    bon.appendChild(h("span", "label", "Bonuses:"));
    p.bonus.forEach((n, k) => {
      if (n > 0) bon.appendChild(chip(KINDS[k], n, true));
    });
    if (!p.bonus.some((n) => n > 0)) bon.appendChild(h("span", "", "none yet"));
    box.appendChild(bon);
    if (p.city) box.appendChild(h("div", "", `City: ${p.city}`));
    if (p.strongholds) box.appendChild(h("div", "", `${p.strongholds} strongholds in hand`));
    if (p.reserved.length) {
      const res = h("div", "reserved");
      res.appendChild(h("span", "label", "Reserved:"));
      for (const r of p.reserved) {
        if (r.card) {
          const c = card(r.card, mine ? movesAt(g.moves, r.place) : [], ctx, true);
          c.dataset.place = r.place;
          res.appendChild(c);
        } else {
          res.appendChild(h("div", "card card-hidden", `hidden, from deck ${r.deck}`));
        }
      }
      box.appendChild(res);
    }
    return box;
  }

  function legend(g) {
    const p = h("p", "legend");
    p.appendChild(h("span", "", "Gems: "));
    for (const l of g.legend) {
      const s = h("span", `gem gem-${l.name}`);
      s.appendChild(h("b", "", l.letter));
      s.appendChild(h("span", "gem-name", `${l.name} (${l.gem})`));
      p.appendChild(s);
    }
    const gold = h("span", "gem gem-gold");
    gold.appendChild(h("b", "", "★"));
    gold.appendChild(h("span", "gem-name", "gold: pays for any colour"));
    p.appendChild(gold);
    return p;
  }

  function draw(s, el, ctx) {
    const g = s.game;
    if (s.version !== pickedAt) {
      // A new snapshot: keep the picks only while the same takes are offered.
      pickedAt = s.version;
      const takes = (g.moves || []).filter((m) => m.kind === "take");
      if (!takes.length) picked = [];
      if (!(g.moves || []).some((m) => m.kind === "move" && m.from === moving)) moving = null;
    }
    ctx.redraw = () => draw(s, el, ctx);
    const mine = ctx.role === "seat" && g.moves.length > 0;
    el.replaceChildren();
    el.dataset.kind = "splendor";
    const me = g.players.find((p) => p.you);
    // Moves drawn on nothing else (returns, extra gems, joins, strongholds, pass) first,
    // right under the question.
    if (mine) {
      const drawnElsewhere = (m) => m.kind === "take" || m.kind === "buy" || m.kind === "reserve" || m.kind === "noble" || m.kind === "city" || m.kind === "post" || (m.at && /^[123][a-f]$/.test(m.at));
      const loose = g.moves.filter((m) => !drawnElsewhere(m));
      if (loose.length) {
        const box = h("div", "choices loose");
        for (const m of loose) {
          const b = moveButton(m, m.label, ctx);
          if (m.colours.length) b.classList.add(`gem-${m.colours[0]}`);
          box.appendChild(b);
        }
        el.appendChild(box);
      }
    }
    // Your seat on top, the letters of the narration explained right under it.
    if (me) {
      el.appendChild(holdings(me, g, ctx, mine));
      el.appendChild(legend(g));
    }
    const board = h("div", "board-area");
    board.appendChild(supply(g, ctx, mine));
    board.appendChild(tiles(g, mine, ctx));
    board.appendChild(levels(g, mine, ctx));
    const others = h("div", "players");
    others.appendChild(h("h3", "", me ? "The others" : "Players"));
    for (const p of g.players.filter((p) => !p.you)) others.appendChild(holdings(p, g, ctx, false));
    const table = h("div", "splendor-table");
    table.appendChild(board);
    table.appendChild(others);
    el.appendChild(table);
    if (!me) el.appendChild(legend(g));
    const state = g.ending ? " · last round" : "";
    el.insertBefore(h("p", "round", `Round ${g.round} · first to ${g.prestige_to_end} prestige${state}`), el.firstChild);
    return { board: true, moves: true };
  }

  window.silkGames = window.silkGames || {};
  window.silkGames.splendor = draw;
})();
