'use strict';

// ---- Elements. Data goes in through textContent and setAttribute only: a recipe
// holding a script tag or an img onerror shows as those characters, never as markup.
const byId = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(node, props, kids) {
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === 'text') node.textContent = String(v);
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids.flat(Infinity)) if (kid != null && kid !== false) node.append(kid);
  return node;
}
// replaceChildren would write a null as the text "null": leave those out.
const setChildren = (node, ...kids) => node.replaceChildren(...kids.flat(Infinity)
  .filter((k) => k != null && k !== false));
const el = (tag, props, ...kids) => fill(document.createElement(tag), props, kids);
const svgEl = (tag, props, ...kids) => fill(document.createElementNS(SVG_NS, tag), props, kids);

// ---- Durations, rounded up to whole seconds like the CLI (timers.md §4): a 10 s timer
// shows 0:10 in its first second and 0:01 in its last; M:SS, H:MM:SS, 1d 02:00:00.
const two = (n) => (n < 10 ? '0' : '') + n;
function wholeSecondsUp(ms) { return ms > 0 ? Math.ceil(ms / 1000) : 0; }
function countdown(ms) {
  const s = wholeSecondsUp(ms);
  const d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600);
  const m = Math.floor(s % 3600 / 60), sec = s % 60;
  if (d > 0) return `${d}d ${two(h)}:${two(m)}:${two(sec)}`;
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}
// "90 s", "8 min", "1 h 30 min", as the CLI names a recipe's lengths.
function shortDuration(ms) {
  const s = wholeSecondsUp(ms);
  if (s < 120 && (s % 60 !== 0 || s === 0)) return `${s} s`;
  const parts = [[Math.floor(s / 86400), 'd'], [Math.floor(s % 86400 / 3600), 'h'],
    [Math.floor(s % 3600 / 60), 'min'], [s % 60, 's']];
  return parts.filter(([n]) => n > 0).map(([n, u]) => `${n} ${u}`).join(' ');
}
// The browser's locale decides 12 or 24 hours; instants are shown as the wall clock.
const clockFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const clockTime = (ms) => clockFormat.format(new Date(ms));

// ---- The server's clock. Each event carries serverTime; an event is always a little
// old when it arrives, so serverTime - now underestimates the offset and the largest
// recent estimate is the best. Replayed events (older still) never lower it.
const serverClock = {
  samples: [],
  offset: 0,
  note(serverMs, receivedMs = Date.now()) {
    if (!Number.isFinite(serverMs)) return;
    this.samples.push([receivedMs, serverMs - receivedMs]);
    this.samples = this.samples.filter(([t]) => receivedMs - t < 600000).slice(-50);
    this.offset = Math.max(...this.samples.map(([, o]) => o));
  },
  now() { return Date.now() + this.offset; },
};

// ---- Announcements for screen readers: state changes, never every second. A timer that
// is done goes to the assertive region (role=alert), the rest to the polite one.
function speak(region, text) {
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 50);
}
const announce = (text) => speak(byId('announce'), text);
const alertNow = (text) => speak(byId('alert'), text);
let toastTimer = 0;
function toast(text) {
  const t = byId('toast');
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 6000);
}

// ---- The API key: asked once, when the server answers 401, and kept in localStorage.
// It travels as a bearer header only (no cookie, so no cross-site request forgery;
// never in a URL, so never in a log).
const KEY_STORE = 'cooktimer.apiKey';
let apiKey = localStorage.getItem(KEY_STORE) || '';
let keyPrompt = null;
function authHeaders(extra) {
  const h = Object.assign({}, extra);
  if (apiKey) h.Authorization = 'Bearer ' + apiKey;
  return h;
}
// Why the key is asked for, in the page's own words (the server's message is written for
// a terminal, not a touch screen).
function keyReason() {
  return apiKey
    ? 'The key this browser kept is no longer accepted (revoked at the computer?): pair this screen again.'
    : 'This kitchen server lets in only paired screens.';
}
// One dialog for every request that met a 401; all of them go on once a key is saved.
function askForKey(reason) {
  if (keyPrompt) return keyPrompt;
  keyPrompt = new Promise((resolve) => {
    const dialog = byId('key-dialog'), form = byId('key-form'), input = byId('key-input');
    byId('key-reason').textContent = reason || keyReason();
    input.value = '';
    form.onsubmit = (e) => {
      e.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      keepKey(key);
      dialog.close();
      keyPrompt = null;
      resolve();
      restartStream();
    };
    // Escape would leave the page without a key and nothing to show: keep it open.
    dialog.oncancel = (e) => e.preventDefault();
    dialog.showModal();
    input.focus();
  });
  return keyPrompt;
}
function keepKey(key) {
  apiKey = key;
  localStorage.setItem(KEY_STORE, key);
}

// ---- Pairing (docs/api.md §2.1): `#pair=CODE` in the address is traded once for a named
// key (POST /v1/pair, no key needed); the code leaves the address bar at once, so it is
// neither bookmarked nor shown. A refused code asks for a key in the page's words.
async function pairFromAddress() {
  const m = /(?:^#|&)pair=([0-9A-Za-z]+)/.exec(location.hash);
  if (!m) return;
  history.replaceState(null, '', location.pathname + location.search);
  let res;
  try {
    res = await fetch('/v1/pair', {
      method: 'POST', cache: 'no-store', credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ code: m[1] }),
    });
  } catch (e) {
    toast('Pairing failed: the server cannot be reached. Open the link again.');
    return;
  }
  let doc = null;
  try { doc = await res.json(); } catch (e) { doc = null; }
  if (res.status === 201 && doc && typeof doc.key === 'string') {
    keepKey(doc.key);
    toast(`This screen is paired (as “${doc.name || 'kitchen'}”).`);
    return;
  }
  await askForKey(res.status === 403
    ? 'This pairing link was used already or has expired (a link is good once, for 10 minutes). Ask the computer for a new one.'
    : 'This pairing link did not work. Ask the computer for a new one.');
}

class APIError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}
// A random Idempotency-Key (getRandomValues works on plain-HTTP kitchen addresses,
// randomUUID does not): a POST retried on flaky Wi-Fi is done once.
function idempotencyKey() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// One request: JSON in and out; a 401 asks for the key and tries again; a network
// failure of a POST is retried twice with the same Idempotency-Key, then, if `queue` is
// given, waits in the outbox (below) and goes when the stream is back. Errors carry the
// server's own message ({"error": MESSAGE}).
async function api(method, path, body, options) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method === 'POST') headers['Idempotency-Key'] = (options && options.key) || idempotencyKey();
  for (let attempt = 0; ; attempt++) {
    let res;
    try {
      res = await fetch(path, {
        method, headers: authHeaders(headers), cache: 'no-store', credentials: 'omit',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      if (method === 'POST' && attempt < 2) { await sleep(400 * (attempt + 1)); continue; }
      throw new APIError('the server cannot be reached', 0);
    }
    const date = Date.parse(res.headers.get('Date') || '');
    if (Number.isFinite(date)) serverClock.note(date);
    const text = res.status === 204 ? '' : await res.text();
    let doc = null;
    try { doc = text ? JSON.parse(text) : null; } catch (e) { doc = null; }
    if (res.status === 401) { await askForKey(); continue; }
    if (!res.ok) {
      throw new APIError((doc && doc.error) || `the server answered ${res.status}`, res.status);
    }
    return doc;
  }
}

// ---- The outbox: changes tapped while the server cannot be reached. Each keeps its
// Idempotency-Key, so one that did reach the server before the line went quiet is done
// once; they go in the order tapped when the stream is live again. Kept in memory only:
// a reload shows the server's state, and the cook taps again what is still wanted.
const outbox = [];
function queueChange(change) {
  outbox.push(change);
}
async function sendOutbox(send) {
  while (outbox.length) {
    const change = outbox[0];
    try {
      await send(change);
    } catch (e) {
      if (e.status === 0) return; // still away: try at the next reconnect
    }
    outbox.shift();
  }
}

const runPath = (id) => '/v1/runs/' + encodeURIComponent(id);
