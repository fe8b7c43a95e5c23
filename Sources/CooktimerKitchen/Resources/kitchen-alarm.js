// ---- Acknowledgements, per run: the server instant up to which the cook has heard
// the alarms. Kept in localStorage so a reload does not ring again for what was heard.
const ACK_STORE = 'cooktimer.acknowledged';
const acks = (() => {
  try { return JSON.parse(localStorage.getItem(ACK_STORE) || '{}') || {}; }
  catch (e) { return {}; }
})();
function acknowledged(id, atMs) {
  if (!Number.isFinite(atMs)) atMs = serverClock.now();
  if ((acks[id] || 0) >= atMs) return;
  acks[id] = atMs;
  localStorage.setItem(ACK_STORE, JSON.stringify(acks));
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

// ---- Sound. Browsers start an AudioContext only after a tap or key press on the
// page, so the first one anywhere unlocks it; until then a banner asks for that tap.
const sound = window.__cooktimerAudio = {
  started: false, ringing: false, patterns: 0, context: null, master: null, timer: 0,
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
  if (sound.context.state === 'suspended') sound.context.resume().catch(() => {});
  return sound.context;
}
function showUnlock() {
  const c = sound.context;
  byId('sound-unlock').hidden = !(sound.ringing && (!c || c.state !== 'running'));
  if (c && c.state === 'running' && sound.ringing) sound.started = true;
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
const unlock = () => { audioContext(); showUnlock(); };
document.addEventListener('pointerdown', unlock, { capture: true });
document.addEventListener('keydown', unlock, { capture: true });

// ---- Notifications: asked for from the settings (a browser asks only after a tap),
// one per fired timer, tagged so a second screen's copy replaces rather than stacks.
const notified = new Set();
function notifyFired(run, t) {
  const tag = `${run.id}:${t.number}:${t.endDate}`;
  if (notified.has(tag)) return;
  notified.add(tag);
  announce(`${run.recipe}: ${t.name} is done`);
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const n = new Notification(`${t.name} is done`, {
      body: `${run.recipe} — step ${run.stepNumber} of ${run.stepCount}`, tag,
      requireInteraction: true,
    });
    n.onclick = () => { window.focus(); n.close(); };
  } catch (e) { /* Android Chrome wants a service worker for this; the sound stays. */ }
}

// ---- Wake lock: the screen stays on while a timer runs or an alarm rings (a screen
// that sleeps is the top complaint about recipe apps). Lost when the tab is hidden,
// so taken again when it shows.
const wake = window.__cooktimerWake = { wanted: false, lock: null, pending: false };
async function updateWakeLock() {
  if (!('wakeLock' in navigator)) return;
  if (wake.wanted && !wake.lock && !wake.pending && document.visibilityState === 'visible') {
    wake.pending = true;
    try {
      wake.lock = await navigator.wakeLock.request('screen');
      wake.lock.addEventListener('release', () => { wake.lock = null; });
    } catch (e) { wake.lock = null; }
    wake.pending = false;
  } else if (!wake.wanted && wake.lock) {
    const lock = wake.lock;
    wake.lock = null;
    lock.release().catch(() => {});
  }
}
document.addEventListener('visibilitychange', updateWakeLock);

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
    const card = document.querySelector(`[data-run="${CSS.escape(id)}"]`);
    const was = card && card.dataset.alarm === 'ringing';
    if (card && was !== (ringing.length > 0)) renderRun(id);
    for (const t of ringing) notifyFired(entry.run, t);
    anyRinging = anyRinging || ringing.length > 0;
    anyRunning = anyRunning || entry.run.timers.some((t) => t.state === 'running');
  }
  setRinging(anyRinging);
  wake.wanted = anyRinging || anyRunning;
  updateWakeLock();
}
