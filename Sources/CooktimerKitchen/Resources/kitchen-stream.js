// ---- Server-Sent Events, as WHATWG HTML §9.2.6 reads them: lines end in CRLF, LF or
// CR (a CRLF may be split between chunks); "field: value" with one optional space;
// comments start with ":"; a blank line dispatches; the last id persists.
class SSEParser {
  constructor(onEvent, onComment) {
    this.onEvent = onEvent; this.onComment = onComment || (() => {});
    this.rest = ''; this.skipLF = false; this.started = false;
    this.type = ''; this.data = []; this.lastId = null; this.retry = null;
  }
  push(chunk) {
    if (!this.started && chunk.length) {
      this.started = true;
      if (chunk[0] === '\uFEFF') chunk = chunk.slice(1);
    }
    if (this.skipLF && chunk[0] === '\n') chunk = chunk.slice(1);
    this.skipLF = false;
    const text = this.rest + chunk, ends = /\r\n|\r|\n/g;
    let from = 0, m;
    while ((m = ends.exec(text))) {
      if (m[0] === '\r' && ends.lastIndex === text.length) this.skipLF = true;
      this.line(text.slice(from, m.index));
      from = ends.lastIndex;
    }
    this.rest = text.slice(from);
  }
  line(line) {
    if (line === '') return this.dispatch();
    if (line[0] === ':') return this.onComment(line.slice(1).trim());
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id') { if (!value.includes('\0')) this.lastId = value; }
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
  }
  dispatch() {
    const type = this.type || 'message';
    this.type = '';
    if (this.data.length === 0) return;
    const data = this.data.join('\n');
    this.data = [];
    this.onEvent({ type, data, id: this.lastId });
  }
}

// ---- The runs as last heard, by id: { run, ended, seq }. seq orders what we heard so
// a resync answer never overwrites a newer event that arrived while it was on its way.
const runs = new Map();
let heard = 0;
function upsertRun(run) {
  const before = runs.get(run.id);
  const ended = run.phase === 'finished' || run.phase === 'stopped';
  runs.set(run.id, { run, ended, seq: ++heard });
  // The run's own acknowledgement (whoever gave it: the REPL, the API, another screen).
  if (run.acknowledgedUntil) noteAcknowledged(run.id, Date.parse(run.acknowledgedUntil));
  describeChange(before && before.run, run);
  if (!before) relabelTwins(run);
  renderRun(run.id);
  refreshTimeline(run.id);
  updateAll();
}

// A resync: what GET /v1/runs says now, except runs an event told of since it was asked.
async function resync() {
  const asked = heard;
  const doc = await api('GET', '/v1/runs');
  const active = new Set();
  for (const run of doc.runs || []) {
    active.add(run.id);
    const mine = runs.get(run.id);
    if (!mine || mine.seq <= asked) upsertRun(run);
  }
  // A run no longer active ended while we were away: ask how (finished or stopped).
  for (const [id, mine] of runs) {
    if (active.has(id) || mine.ended || mine.seq > asked) continue;
    try { upsertRun(await api('GET', runPath(id))); }
    catch (e) { if (e.status === 404) forgetRun(id); }
  }
  renderEmpty();
}

function onStreamEvent(event) {
  let doc;
  try { doc = JSON.parse(event.data); } catch (e) { return; }
  if (doc && doc.serverTime) serverClock.note(Date.parse(doc.serverTime));
  if (event.type === 'heartbeat') stream.beats = true;
  else if (event.type === 'run' && doc.run) upsertRun(doc.run);
  else if (event.type === 'fired' && doc.id && doc.timer) timerFired(doc.id, doc.timer);
  else if (event.type === 'acknowledged' && doc.id) {
    acknowledged(doc.id, Date.parse(doc.acknowledgedAt || doc.serverTime));
  }
}

// ---- The connection: one stream at a time; backoff 0.5 s doubling to 15 s (with
// jitter, so fifty tablets do not come back in step). The server sends `event: heartbeat`
// every 2 s: once one was heard, a stream silent for 4 s (a beat missed, and the next one
// late) is dead — the Wi-Fi dropped or the server hangs — and the page says "Offline" at
// once and reconnects; looked at every 250 ms, so it shows within 4.25 s of the last word.
// A server that sends only the old 15 s `: ping` gets 40 s.
const HEARTBEAT_SILENCE_MS = 4000, PING_SILENCE_MS = 40000;
const stream = { controller: null, lastHeard: 0, lastEventId: null, backoff: 500, beats: false };
window.__cooktimerStream = stream;
const isLive = () => byId('conn').dataset.state === 'live';
function setConnection(state, text) {
  const c = byId('conn');
  const was = c.dataset.state;
  c.dataset.state = state;
  if (c.textContent !== text) c.textContent = text;
  if ((was === 'live') !== (state === 'live')) {
    document.body.dataset.offline = state === 'live' ? '' : 'offline';
    for (const id of runs.keys()) renderRun(id);
    if (state === 'live') flushOutbox();
  }
}
function restartStream() { if (stream.controller) stream.controller.abort(); }

async function readStream() {
  const controller = new AbortController();
  stream.controller = controller;
  stream.beats = false;
  const headers = { Accept: 'text/event-stream' };
  if (stream.lastEventId) headers['Last-Event-ID'] = stream.lastEventId;
  // A server that accepts the connection but never answers (stopped, or a dead Wi-Fi)
  // counts as down after the same silence.
  const opening = setTimeout(() => controller.abort(), 8000);
  let res;
  try {
    res = await fetch('/v1/events', {
      headers: authHeaders(headers), cache: 'no-store', credentials: 'omit',
      signal: controller.signal,
    });
  } finally {
    clearTimeout(opening);
  }
  if (res.status === 401) {
    await askForKey();
    return;
  }
  if (!res.ok || !res.body) throw new Error(`the server answered ${res.status}`);
  stream.lastHeard = Date.now();
  stream.backoff = 500;
  setConnection('live', 'Live');
  const parser = new SSEParser((event) => {
    if (event.id != null) stream.lastEventId = event.id;
    onStreamEvent(event);
  });
  // Resync once the stream is open, so nothing that changes in between is missed.
  resync().catch((e) => toast('Could not load the runs: ' + e.message));
  const reader = res.body.getReader(), decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    stream.lastHeard = Date.now();
    parser.push(decoder.decode(value, { stream: true }));
    if (parser.retry != null) stream.backoff = Math.max(parser.retry, 500);
  }
  throw new Error('the stream ended');
}

async function streamForever() {
  for (;;) {
    try {
      await readStream();
    } catch (e) {
      const wait = stream.backoff * (0.75 + Math.random() * 0.5);
      stream.backoff = Math.min(stream.backoff * 2, 15000);
      setConnection('offline', 'Offline — reconnecting');
      await sleep(wait);
    }
  }
}
// A silent stream is declared dead (see above).
function checkSilence() {
  if (!stream.controller || !isLive()) return;
  const silent = Date.now() - stream.lastHeard;
  if (silent > (stream.beats ? HEARTBEAT_SILENCE_MS : PING_SILENCE_MS)) {
    setConnection('offline', 'Offline — no word from the server');
    restartStream();
  }
}
setInterval(checkSilence, 250);
