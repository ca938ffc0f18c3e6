// One script for the table page, the host's page and the seat pages: it renders whatever
// snapshot the server streams to this page. Text is set with textContent (player names never
// become markup); only the server's own QR-code SVGs are inserted as markup.
"use strict";
const role = document.body.dataset.role;
const base = document.body.dataset.base;
const $ = (id) => document.getElementById(id);
let version = -1;
// The snapshot shown, and whether a tap is on its way (every button waits for the answer).
let shown = null;
let busy = false;
// How long a tap may take before the page says it did not get through.
const TAP_TIMEOUT_MS = 8000;
// A double tap is two presses at one spot within DOUBLE_TAP_MS. When the question under the
// finger changed between them (the first tap answered it, or opened its "sure?"), the second
// press landed on something the player had not seen: its click is dropped (issue 44).
const DOUBLE_TAP_MS = 500;
const DOUBLE_TAP_PX = 40;
let questionDrawn = 0;
let press = null;
let pressBefore = null;
document.addEventListener(
  "pointerdown",
  (e) => {
    pressBefore = press;
    press = { x: e.clientX, y: e.clientY, at: performance.now(), drawn: questionDrawn };
  },
  true,
);
document.addEventListener(
  "click",
  (e) => {
    const a = pressBefore;
    const b = press;
    if (!a || !b || b.at - a.at > DOUBLE_TAP_MS) return;
    if (Math.hypot(b.x - a.x, b.y - a.y) > DOUBLE_TAP_PX || questionDrawn === a.drawn) return;
    e.preventDefault();
    e.stopPropagation();
  },
  true,
);

function setText(id, text) {
  $(id).textContent = text || "";
}

function button(label, onClick, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (cls) b.className = cls;
  b.addEventListener("click", onClick);
  return b;
}

function render(s) {
  if (!shown || s.ask !== shown.ask) questionDrawn++;
  version = s.version;
  shown = s;
  busy = false;
  setText("title", s.title);
  document.title = s.title || "silk";
  setText("who", role === "seat" ? `${s.name} (seat ${s.seat})` : role === "table" ? "table (host)" : "table");
  setText("status", s.status);
  // On the table's pages the question already says whose turn it is (issue 44: the TV fits
  // one screen); the status line is kept for the end and for a stop.
  $("status").hidden = role !== "seat" && !!s.question && /^waiting for /.test(s.status || "");
  $("paused").hidden = !s.paused;
  setText("board", s.board);
  renderResult(s.result);
  renderHistory(s.history);
  const drawn = drawGame(s);
  // A question that is no move on the board (the playtest questions after the result) is
  // answered with the plain buttons and entry even where the game draws its moves.
  if (s.plain) drawn.moves = false;
  $("board").hidden = drawn.board;
  renderTurn(s, drawn);
  renderHost(s);
  renderJoin(s.join || []);
  // A new snapshot is a new question: every button may be tapped again.
  enableButtons();
  bringIntoView(s, drawn);
}

// Issue 44: a seat asked sees its question and its buttons wherever it had scrolled to (a
// phone's drawn board may be several screens long, and the next question of the same player
// used to appear at the top, out of sight). Where the game
// draws the moves the question stays pinned at the top of the screen; on a new question, if
// none of its buttons is on screen, the first is scrolled to just below the question.
let askedKey = null;
function bringIntoView(s, drawn) {
  const turn = $("turn");
  const asked = role === "seat" && !turn.hidden && !!s.question;
  turn.classList.toggle("pinned", asked && drawn.moves);
  const key = asked ? s.question : null;
  if (key === askedKey) return;
  askedKey = key;
  if (!asked) return;
  const top = drawn.moves ? turn.getBoundingClientRect().bottom : 0;
  const controls = [...document.querySelectorAll("#turn button, #turn input, #game button")].filter(
    (b) => b.offsetParent !== null && !(drawn.moves && turn.contains(b)),
  );
  const inView = (e) => {
    const r = e.getBoundingClientRect();
    return r.top >= top && r.bottom <= window.innerHeight;
  };
  if (!drawn.moves && !inView($("question"))) {
    turn.scrollIntoView({ block: "start" });
    return;
  }
  if (!controls.length || controls.some(inView)) return;
  window.scrollBy(0, controls[0].getBoundingClientRect().top - top - 8);
}

function renderHistory(history) {
  const hist = $("history");
  hist.replaceChildren();
  const items = (history || []).slice(-60).reverse();
  hist.setAttribute("start", String((history || []).length));
  for (const h of items) {
    const li = document.createElement("li");
    li.textContent = h;
    hist.appendChild(li);
  }
}

// The result screen: the winner first, the ranking with each player's breakdown, and how
// ties were broken.
function renderResult(r) {
  $("result").hidden = !r;
  if (!r) return;
  setText("headline", r.headline);
  const body = $("ranking");
  body.replaceChildren();
  for (const row of r.rows || []) {
    const tr = document.createElement("tr");
    const parts = (row.parts || []).map(([k, v]) => `${k} ${v}`).join(", ");
    for (const cell of [`${row.rank}.`, row.name, String(row.total), parts]) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  const notes = $("notes");
  notes.replaceChildren();
  for (const n of r.notes || []) {
    const li = document.createElement("li");
    li.textContent = n;
    notes.appendChild(li);
  }
}

// The question of the moment: buttons (with a "sure?" step for a sealed choice), a form of
// numbers, further actions, and a box to type an answer.
function renderTurn(s, drawn) {
  const seat = role === "seat";
  const mine = seat && (s.question || (s.choices || []).length || s.input || s.form || (s.actions || []).length);
  $("turn").hidden = !(mine || (!seat && s.question));
  setText("question", s.question);
  $("confirm").hidden = true;
  $("choices").hidden = false;
  $("actions").hidden = false;
  const choices = $("choices");
  choices.replaceChildren();
  if (seat && !drawn.moves) {
    for (const c of s.choices || []) {
      choices.appendChild(button(c, () => (s.confirm ? askSure(s.confirm, c) : send(c)), "choice"));
    }
  }
  // Further actions (take back) come after the question's own answers and form (issue 44:
  // "take back" sat above the final-count form).
  const actions = $("actions");
  actions.replaceChildren();
  if (seat) {
    for (const a of s.actions || []) {
      actions.appendChild(button(a.label, () => (a.confirm ? askSure(a.confirm, a.send, a.label) : send(a.send)), "action"));
    }
  }
  renderForm($("numbers"), seat ? s.form : null, (text) => send(text));
  $("entry").hidden = !(seat && s.input) || drawn.moves;
  $("text").type = s.sealed ? "password" : "text";
  $("text").placeholder = s.placeholder || (s.sealed ? "secret: only you see it" : "type your answer");
  setText("error", freshError(s) ? `Not accepted: ${s.error}` : "");
}

// A refusal is shown until the game moves on (issue 44: it stayed, red, for the rest of the
// game): the server keeps a seat's last refusal, the page shows it only while the history
// and the question are as they were when it came.
let refused = null;
function gameKey(s) {
  return `${(s.history || []).length}|${s.question || ""}`;
}
function freshError(s) {
  if (!s.error) return false;
  if (!refused || refused.error !== s.error) refused = { error: s.error, key: gameKey(s) };
  return refused.key === gameKey(s);
}

// A choice that stays secret is checked before it is sent: it cannot be taken back once all
// are shown.
function askSure(template, choice, yesLabel) {
  questionDrawn++;
  $("choices").hidden = true;
  $("actions").hidden = true;
  $("confirm").hidden = false;
  setText("sure", template.replace("{}", choice));
  const yes = $("sure-yes");
  yes.textContent = yesLabel ? `Yes: ${yesLabel}` : `Yes, ${choice}`;
  yes.onclick = () => send(choice);
  $("sure-no").onclick = () => {
    questionDrawn++;
    $("confirm").hidden = true;
    $("choices").hidden = false;
    $("actions").hidden = false;
  };
}

// A form of numbers (`{fields, values, send?}`), sent as one space-separated entry.
function renderForm(holder, form, submit) {
  holder.replaceChildren();
  holder.hidden = !form;
  if (!form) return;
  const f = document.createElement("form");
  f.className = "numbers";
  f.autocomplete = "off";
  const inputs = (form.fields || []).map((name, i) => {
    const label = document.createElement("label");
    const span = document.createElement("span");
    span.textContent = name;
    const input = document.createElement("input");
    input.type = "number";
    input.inputMode = "numeric";
    input.min = "0";
    input.required = true;
    input.name = name;
    const v = (form.values || [])[i];
    if (v !== undefined && v !== null) input.value = String(v);
    label.append(span, input);
    f.appendChild(label);
    return input;
  });
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = form.button || "Send";
  f.appendChild(go);
  f.addEventListener("submit", (e) => {
    e.preventDefault();
    const nums = inputs.map((i) => i.value.trim() || "0").join(" ");
    submit(form.send ? `${form.send} ${nums}` : nums);
  });
  holder.appendChild(f);
}

// The host's controls: buttons (a "sure?" for those that undo or end something) and forms.
// When the host's last control was answered: its answer stays until the game moves on, the
// first snapshot a few seconds later (issue 44: the first message stayed all game).
let saidAt = 0;
const SAID_MS = 3000;

function renderHost(s) {
  if (saidAt && Date.now() - saidAt > SAID_MS) {
    setText("host-said", "");
    saidAt = 0;
  }
  const host = role === "table" && ((s.controls || []).length || (s.forms || []).length);
  $("host").hidden = !host;
  if (!host) return;
  const box = $("controls");
  box.replaceChildren();
  for (const c of s.controls || []) {
    box.appendChild(
      button(c.label, () => {
        if (!c.confirm || window.confirm(c.confirm)) control(c.send);
      }),
    );
  }
  const forms = $("host-forms");
  forms.replaceChildren();
  for (const f of s.forms || []) {
    const d = document.createElement("details");
    const sum = document.createElement("summary");
    sum.textContent = f.label;
    const holder = document.createElement("div");
    d.append(sum, holder);
    renderForm(holder, f, (text) => control(text));
    forms.appendChild(d);
  }
}

function disableButtons() {
  busy = true;
  for (const b of document.querySelectorAll("main button")) b.disabled = true;
}

function enableButtons() {
  busy = false;
  for (const b of document.querySelectorAll("main button")) b.disabled = false;
}

// A POST that gives up after TAP_TIMEOUT_MS (a page among many of one browser can wait for a
// connection for ever).
async function post(path, text) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), TAP_TIMEOUT_MS);
  try {
    const r = await fetch(path, { method: "POST", body: text, signal: ctl.signal, cache: "no-store" });
    return await r.json();
  } finally {
    clearTimeout(timer);
  }
}

const NOT_THROUGH = "Your tap did not get through (no answer from the table). Check your connection and tap again.";

async function send(text) {
  if (busy) return;
  disableButtons();
  setText("error", "");
  const ask = shown && shown.ask !== undefined ? `?q=${shown.ask}` : "";
  try {
    const j = await post(`${base}/act${ask}`, text);
    // Taken: the next snapshot redraws the page (and enables its buttons).
    if (!j.ok) {
      if (shown) refused = { error: j.error, key: gameKey(shown) };
      setText("error", `Not accepted: ${j.error}`);
      enableButtons();
    }
  } catch (e) {
    setText("error", NOT_THROUGH);
    enableButtons();
  }
}

async function control(text) {
  if (busy) return;
  disableButtons();
  setText("host-said", "");
  try {
    const j = await post(`${base}/act`, text);
    setText("host-said", j.ok ? (j.said || []).join("\n") : `Not done: ${j.error}`);
    saidAt = Date.now();
  } catch (e) {
    setText("host-said", NOT_THROUGH);
  }
  enableButtons();
}

function renderJoin(join) {
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

// Game drawings (issue 34): the game's own script (/board.js, brought by the game) registers a
// function in window.silkGames under its snapshot's game.kind; it draws the board into #game
// and says whether it drew the board (the text board then gives way) and the moves (the answer
// buttons then give way). Without one the text board is shown.
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

$("entry").addEventListener("submit", (e) => {
  e.preventDefault();
  const t = $("text").value.trim();
  if (t) {
    $("text").value = "";
    send(t);
  }
});

// The live stream. The browser reconnects by itself while the server is away (a phone that
// slept, a server restarted with --resume: the same link answers and the page catches up);
// a stream the browser gave up on is retried here, and a link that no longer opens a page
// says what to do.
let stream = null;
let retryMs = 1000;

function setLink(text, bad) {
  setText("link", text);
  $("link").classList.toggle("bad", !!bad);
}

function retryLater() {
  setTimeout(probe, retryMs);
  retryMs = Math.min(retryMs * 2, 10000);
}

async function probe() {
  try {
    const r = await fetch(location.pathname, { cache: "no-store" });
    if (r.status === 404) {
      gone();
      return;
    }
    connect();
  } catch (e) {
    retryLater();
  }
}

function gone() {
  $("gone").hidden = false;
  $("turn").hidden = true;
  setLink("this link no longer works", true);
}

function connect() {
  const es = new EventSource(`${base}/events`);
  stream = es;
  es.onopen = () => {
    retryMs = 1000;
    $("gone").hidden = true;
    setLink("live");
  };
  es.onmessage = (e) => render(JSON.parse(e.data));
  es.addEventListener("closed", (e) => {
    es.close();
    let over = false;
    try {
      over = JSON.parse(e.data).over;
    } catch (_) {}
    if (over) {
      setLink("The game is over: the server has stopped.");
    } else {
      setLink("The host has stopped the table: this page comes back when the game resumes.", true);
      retryLater();
    }
  });
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED) {
      setLink("reconnecting…", true);
      retryLater();
    } else {
      setLink("reconnecting… (the page catches up by itself)", true);
    }
  };
}
connect();
