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

// ---- Announcements for screen readers: state changes, never every second.
function announce(text) {
  const region = byId('announce');
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 50);
}
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
// One dialog for every request that met a 401; all of them go on once a key is saved.
function askForKey(reason) {
  if (keyPrompt) return keyPrompt;
  keyPrompt = new Promise((resolve) => {
    const dialog = byId('key-dialog'), form = byId('key-form'), input = byId('key-input');
    byId('key-reason').textContent = reason || 'This server needs an API key.';
    input.value = '';
    form.onsubmit = (e) => {
      e.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      apiKey = key;
      localStorage.setItem(KEY_STORE, key);
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
// failure of a POST is retried twice with the same Idempotency-Key. Errors carry the
// server's own message ({"error": MESSAGE}).
async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method === 'POST') headers['Idempotency-Key'] = idempotencyKey();
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
    if (res.status === 401) { await askForKey(doc && doc.error); continue; }
    if (!res.ok) {
      throw new APIError((doc && doc.error) || `the server answered ${res.status}`, res.status);
    }
    return doc;
  }
}
const runPath = (id) => '/v1/runs/' + encodeURIComponent(id);
