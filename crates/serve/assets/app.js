// One script for the table page and the seat pages: it renders whatever snapshot the server
// streams to this page. Text is set with textContent (player names never become markup);
// only the server's own QR-code SVGs are inserted as markup.
"use strict";
const role = document.body.dataset.role;
const base = document.body.dataset.base;
const $ = (id) => document.getElementById(id);
let version = -1;

function setText(id, text) {
  $(id).textContent = text || "";
}

function render(s) {
  version = s.version;
  setText("title", s.title);
  document.title = s.title || "silk";
  setText("who", role === "seat" ? `${s.name} (seat ${s.seat})` : role === "table" ? "table (host)" : "table");
  setText("status", s.status);
  setText("board", s.board);
  const hist = $("history");
  hist.replaceChildren();
  const items = (s.history || []).slice(-60).reverse();
  hist.setAttribute("start", String((s.history || []).length));
  for (const h of items) {
    const li = document.createElement("li");
    li.textContent = h;
    hist.appendChild(li);
  }
  const drawn = drawGame(s);
  $("board").hidden = drawn.board;
  const mine = role === "seat" && (s.question || (s.choices || []).length || s.input);
  $("turn").hidden = !(mine || (role !== "seat" && s.question));
  setText("question", s.question);
  const choices = $("choices");
  choices.replaceChildren();
  if (role === "seat" && !drawn.moves) {
    for (const c of s.choices || []) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = c;
      b.className = "choice";
      b.addEventListener("click", () => send(c));
      choices.appendChild(b);
    }
  }
  $("entry").hidden = !(role === "seat" && s.input) || drawn.moves;
  $("text").type = s.sealed ? "password" : "text";
  setText("error", s.error ? `Not accepted: ${s.error}` : "");
  const join = s.join || [];
  $("join").hidden = join.length === 0;
  const codes = $("codes");
  codes.replaceChildren();
  for (const j of join) {
    const fig = document.createElement("figure");
    fig.innerHTML = j.svg;
    const cap = document.createElement("figcaption");
    const a = document.createElement("a");
    a.href = j.url;
    a.textContent = j.name;
    cap.appendChild(a);
    fig.appendChild(cap);
    codes.appendChild(fig);
  }
}

// Game drawings (issue 34): splendor.js and cities.js register a function in window.silkGames
// under their snapshot's game.kind; it draws the board into #game and says whether it drew the
// board (the text board then gives way) and the moves (the answer buttons then give way).
function drawGame(s) {
  const draw = s.game && (window.silkGames || {})[s.game.kind];
  $("game").hidden = !draw;
  if (!draw) return { board: false, moves: false };
  const drawn = draw(s, $("game"), { role, send }) || {};
  return { board: !!drawn.board, moves: !!drawn.moves };
}

// A new element with a class and text (never markup), for the game drawings.
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

async function send(text) {
  setText("error", "");
  try {
    const r = await fetch(`${base}/act`, { method: "POST", body: text });
    const j = await r.json();
    if (!j.ok) setText("error", `Not accepted: ${j.error}`);
  } catch (e) {
    setText("error", "The server did not answer: try again.");
  }
}

$("entry").addEventListener("submit", (e) => {
  e.preventDefault();
  const t = $("text").value.trim();
  if (t) {
    $("text").value = "";
    send(t);
  }
});

function connect() {
  const es = new EventSource(`${base}/events`);
  es.onopen = () => setText("link", "live");
  es.onmessage = (e) => render(JSON.parse(e.data));
  es.addEventListener("closed", () => {
    setText("link", "the game is over: the server has stopped");
    es.close();
  });
  // The browser reconnects by itself (a phone that slept); the server sends the current state.
  es.onerror = () => setText("link", "reconnecting…");
}
connect();
