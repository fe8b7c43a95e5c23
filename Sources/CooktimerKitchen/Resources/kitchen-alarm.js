// ---- Acknowledgements, per run: the server instant up to which the cook has heard
// the alarms. The run carries its own (`acknowledgedUntil`, docs/api.md §1.4) for every
// screen; a copy in localStorage covers a server that does not send it yet.
const ACK_STORE = 'cooktimer.acknowledged';
const acks = (() => {
  try { return JSON.parse(localStorage.getItem(ACK_STORE) || '{}') || {}; }
  catch (e) { return {}; }
})();
// Returns whether it moved the acknowledgement on (it never moves back).
function noteAcknowledged(id, atMs) {
  if (!Number.isFinite(atMs) || (acks[id] || 0) >= atMs) return false;
  acks[id] = atMs;
  localStorage.setItem(ACK_STORE, JSON.stringify(acks));
  return true;
}
function acknowledged(id, atMs) {
  if (!Number.isFinite(atMs)) atMs = serverClock.now();
  if (!noteAcknowledged(id, atMs)) return;
  renderRun(id);
  updateAll();
}
// An alarm older than this rings no more on a screen opened later (the REPL reports
// missed alarms once; a tablet should not shriek about yesterday's tea).
const RING_WINDOW_MS = 30 * 60 * 1000;

// Whether a timer of a run is ringing now: it fired (by the server's word, or by our
// own countdown reaching zero), after the last acknowledgement, recently, and the cook
// has not moved on by hand (a `next` typed at the REPL is an answer too).
function timerEnd(t) { return t.endDate ? Date.parse(t.endDate) : NaN; }
function hasFired(t, now) {
  if (t.state === 'fired') return true;
  return t.state === 'running' && timerEnd(t) <= now;
}
function ringingTimers(entry, now = serverClock.now()) {
  const run = entry.run;
  if (run.phase === 'stopped' || (!run.autoAdvance && run.phase === 'finished')) return [];
  return run.timers.filter((t) => {
    if (!hasFired(t, now)) return false;
    const end = timerEnd(t);
    if (!(end > (acks[run.id] || 0)) || now - end > RING_WINDOW_MS) return false;
    return run.autoAdvance || t.step === run.stepNumber;
  });
}

// ---- Sound. Browsers start an AudioContext only after a tap or key press on the page
// (the autoplay rule), so a page opened or reloaded is silent until then. Whenever it could
// ring (a run is live) and the context is not running, a large banner asks for that tap;
// the tap starts the context and plays a short chime, so the cook hears that it works.
// Nothing on the page says there is sound unless the context runs.
const sound = window.__cooktimerAudio = {
  started: false, ringing: false, patterns: 0, chimes: 0, context: null, master: null,
  timer: 0,
};
function audioContext() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  if (!sound.context) {
    sound.context = new AC();
    sound.master = sound.context.createGain();
    sound.master.gain.value = 0.8;
    sound.master.connect(sound.context.destination);
    sound.context.onstatechange = showUnlock;
  }
  if (sound.context.state !== 'running') sound.context.resume().catch(() => {});
  return sound.context;
}
const soundOn = () => !!sound.context && sound.context.state === 'running';
// Whether a run could ring: a timer runs, is paused, or is done and not yet answered.
function couldRing() {
  for (const entry of runs.values()) {
    if (entry.ended) continue;
    if (entry.run.timers.some((t) => t.state === 'running' || t.state === 'paused')) return true;
    if (ringingTimers(entry).length) return true;
  }
  return false;
}
function showUnlock() {
  // Made (suspended) as soon as there is something to ring for, to learn whether the
  // browser lets it play; where the autoplay rule is lifted it simply runs.
  const live = couldRing();
  if (live && !sound.context) audioContext();
  const on = soundOn();
  if (on && !sound.wasOn && !sound.ringing) chime();
  sound.wasOn = on;
  const hide = !live || on || !sound.context;
  const banner = byId('sound-unlock');
  if (banner.hidden !== hide) banner.hidden = hide;
  if (soundOn() && sound.ringing) sound.started = true;
}
// A short two-note chime, quieter than the alarm: "the sound is on".
function chime() {
  const c = sound.context;
  if (!c || c.state !== 'running') return;
  sound.chimes++;
  const t0 = c.currentTime + 0.02;
  [660, 990].forEach((hz, i) => {
    const osc = c.createOscillator(), gain = c.createGain();
    const t = t0 + i * 0.16;
    osc.type = 'sine';
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
    osc.connect(gain).connect(sound.master);
    osc.start(t);
    osc.stop(t + 0.32);
  });
}
async function unlockSound() {
  const c = audioContext();
  if (!c) return;
  try { await c.resume(); } catch (e) { /* stays locked; the banner stays */ }
  showUnlock();
}

// Three rising square-wave beeps: loud enough over a range hood, unlike a sine.
function beepPattern() {
  sound.patterns++;
  // Browsers refuse vibration before the first tap on the page (and log it): ask only after.
  const tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
  if (navigator.vibrate && tapped) navigator.vibrate([300, 120, 300, 120, 500]);
  const c = audioContext();
  if (!c) return;
  const t0 = c.currentTime + 0.02;
  [880, 988, 1319].forEach((hz, i) => {
    const osc = c.createOscillator(), gain = c.createGain();
    const t = t0 + i * 0.24;
    osc.type = 'square';
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.6, t + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.2);
    osc.connect(gain).connect(sound.master);
    osc.start(t);
    osc.stop(t + 0.22);
  });
  showUnlock();
}
function setRinging(on) {
  if (on === sound.ringing) return;
  sound.ringing = on;
  clearInterval(sound.timer);
  if (on) {
    beepPattern();
    sound.timer = setInterval(beepPattern, 1600);
  } else if (navigator.vibrate && navigator.userActivation
      && navigator.userActivation.hasBeenActive) {
    navigator.vibrate(0);
  }
  showUnlock();
}
// Any tap or key anywhere is a user gesture: start the sound, and try the wake lock again.
const onGesture = () => {
  if (!soundOn() && couldRing()) audioContext();
  showUnlock();
  updateWakeLock(true);
};
document.addEventListener('pointerdown', onGesture, { capture: true });
document.addEventListener('keydown', onGesture, { capture: true });

// ---- Notifications: asked for from the settings (a browser asks only after a tap),
// one per fired timer, tagged so a second screen's copy replaces rather than stacks.
const notified = new Set();
function notifyFired(run, t) {
  const tag = `${run.id}:${t.number}:${t.endDate}`;
  if (notified.has(tag)) return;
  notified.add(tag);
  alertNow(`${run.recipe}: ${t.name} is done`);
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const n = new Notification(`${t.name} is done`, {
      body: `${run.recipe} — step ${run.stepNumber} of ${run.stepCount}`, tag,
      requireInteraction: true,
    });
    n.onclick = () => { window.focus(); n.close(); };
  } catch (e) { /* Android Chrome wants a service worker for this; the sound stays. */ }
}

// ---- Wake lock: the screen stays on while a timer runs or an alarm rings (a screen that
// sleeps is the top complaint about recipe apps). Browsers offer it only in a secure
// context (HTTPS or localhost) and may refuse it (battery saver, a hidden tab); a refusal
// is tried again only when the tab shows again or the cook taps, never on every tick.
// `wake.state` is what Settings says: 'unavailable', 'held', 'refused' or 'idle'.
const wake = window.__cooktimerWake = {
  wanted: false, lock: null, pending: false, requests: 0, error: '',
  state: 'wakeLock' in navigator ? 'idle' : 'unavailable',
};
// `retry`: a visibility change or a gesture, the only times a refusal is asked again.
async function updateWakeLock(retry) {
  if (!('wakeLock' in navigator)) return;
  if (wake.wanted && !wake.lock && !wake.pending && document.visibilityState === 'visible'
      && (retry || wake.state !== 'refused')) {
    wake.pending = true;
    wake.requests++;
    try {
      const lock = await navigator.wakeLock.request('screen');
      wake.lock = lock;
      wake.state = 'held';
      lock.addEventListener('release', () => {
        if (wake.lock === lock) { wake.lock = null; wake.state = 'idle'; }
      });
    } catch (e) {
      wake.lock = null;
      wake.state = 'refused';
      wake.error = e && e.name ? e.name : 'refused';
    }
    wake.pending = false;
  } else if (!wake.wanted && wake.lock) {
    const lock = wake.lock;
    wake.lock = null;
    wake.state = 'idle';
    lock.release().catch(() => {});
  }
}
document.addEventListener('visibilitychange', () => updateWakeLock(true));

// `event: fired`: the timer as the server has it now.
function timerFired(id, timer) {
  const entry = runs.get(id);
  if (!entry) return;
  const i = entry.run.timers.findIndex((t) => t.number === timer.number);
  if (i >= 0) entry.run.timers[i] = timer;
  renderRun(id);
  updateAll();
}

// Called on every change and every tick: which cards ring, the sound, the wake lock.
function updateAlarms(now) {
  let anyRinging = false, anyRunning = false;
  for (const [id, entry] of runs) {
    const ringing = ringingTimers(entry, now);
    const card = cardOf(id);
    const was = card && card.dataset.alarm === 'ringing';
    if (card && was !== (ringing.length > 0)) renderRun(id);
    for (const t of ringing) notifyFired(entry.run, t);
    anyRinging = anyRinging || ringing.length > 0;
    anyRunning = anyRunning || entry.run.timers.some((t) => t.state === 'running');
  }
  setRinging(anyRinging);
  const wanted = anyRinging || anyRunning;
  if (wanted !== wake.wanted) {
    wake.wanted = wanted;
    updateWakeLock(false); // the first try, or a release: not a retry
  }
  showUnlock();
}
