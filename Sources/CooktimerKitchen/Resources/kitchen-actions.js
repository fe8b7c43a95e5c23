// ---- Changes. The answer's run is shown at once (the event follows); a refusal shows
// the server's own message on the card. A change the server cannot be reached for waits in
// the outbox with its Idempotency-Key and goes when the stream is live again. The pressed
// button keeps the focus: it is marked busy (aria-disabled), never disabled, since a
// disabled button drops the focus to the page.
const busy = new Set();
async function act(id, path, body, button) {
  const entry = runs.get(id);
  const wasRinging = entry && ringingTimers(entry).length > 0;
  const key = button && button.dataset.key;
  if (key && busy.has(key)) return null;
  if (key) { busy.add(key); button.setAttribute('aria-disabled', 'true'); }
  const change = { id, path, body, key: idempotencyKey() };
  try {
    if (!isLive() && !outbox.length) throw new APIError('offline', 0);
    if (outbox.length) throw new APIError('queued behind others', 0);
    return await send(change);
  } catch (e) {
    if (e.status === 0) {
      queueChange(change);
      renderRun(id);
      return null;
    }
    setError(id, e.message);
    return null;
  } finally {
    if (key) busy.delete(key);
    // The card may have been rebuilt meanwhile: the live button with this key.
    const again = key && cardOf(id) && cardOf(id).querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.removeAttribute('aria-disabled');
    // Acting on a ringing run answers its alarm too.
    if (wasRinging) acknowledge(id);
  }
}
async function send(change) {
  const doc = await api('POST', runPath(change.id) + change.path, change.body, { key: change.key });
  if (doc && doc.run) upsertRun(doc.run);
  if (doc && doc.changed === false && doc.note) toast(doc.note);
  return doc;
}
async function flushOutbox() {
  const ids = new Set(outbox.map((c) => c.id));
  await sendOutbox((change) => send(change).catch((e) => {
    if (e.status !== 0) setError(change.id, e.message);
    throw e;
  }));
  for (const id of ids) renderRun(id);
}
async function acknowledge(id) {
  acknowledged(id, serverClock.now());
  try { await api('POST', runPath(id) + '/acknowledge'); }
  catch (e) {
    if (e.status === 0) queueChange({ id, path: '/acknowledge', body: undefined, key: idempotencyKey() });
    else setError(id, e.message);
  }
}

function actionButtons(entry, ringing, label) {
  const run = entry.run, id = run.id;
  const button = (action, text, props) => el('button', Object.assign({
    type: 'button', 'data-key': `${id}:${action}`, 'data-action': action,
    'aria-label': `${text} — ${label}`, text,
  }, props));
  if (entry.ended) {
    return el('div', { class: 'actions' },
      button('dismiss', 'Dismiss', { onclick: () => forgetRun(id) }));
  }
  const last = run.stepNumber >= run.stepCount;
  const list = [];
  // Pause and Resume are one button in two states (one key), so the focus stays on it.
  if (run.phase === 'paused') {
    list.push(button('resume', 'Resume', {
      class: 'primary', 'data-key': `${id}:pause-resume`,
      onclick: (e) => act(id, '/resume', undefined, e.currentTarget),
    }));
  } else if (run.phase === 'running') {
    list.push(button('pause', 'Pause', {
      'data-key': `${id}:pause-resume`,
      onclick: (e) => act(id, '/pause', undefined, e.currentTarget),
    }));
  }
  list.push(button('next', last ? 'Finish' : 'Next step', {
    class: run.phase === 'waiting' || ringing ? 'primary' : null,
    onclick: (e) => act(id, '/next', undefined, e.currentTarget),
  }));
  list.push(cookRun === id
    ? button('cook-exit', 'All runs', { onclick: () => setCookRun(null) })
    : button('cook', 'Cook mode', { onclick: () => setCookRun(id) }));
  // Stop ends the run: the first tap asks, a second within 4 s does it.
  list.push(button('stop', 'Stop', {
    class: 'danger',
    onclick: (e) => {
      const b = e.currentTarget;
      if (b.dataset.armed) return act(id, '/stop', undefined, b);
      b.dataset.armed = '1';
      b.textContent = 'Stop? Tap again';
      setTimeout(() => {
        if (!b.isConnected) return;
        delete b.dataset.armed;
        b.textContent = 'Stop';
      }, 4000);
    },
  }));
  return el('div', { class: 'actions' }, list);
}

// ---- Beginning a waiting timer: at once when it has a length, else asking for one.
function askDuration(title, initial) {
  return new Promise((resolve) => {
    const dialog = byId('begin-dialog'), input = byId('begin-input');
    byId('begin-title').textContent = title;
    if (initial != null) input.value = initial;
    byId('begin-form').onsubmit = (e) => { e.preventDefault(); resolve(input.value.trim()); };
    byId('begin-cancel').onclick = () => { dialog.close(); resolve(null); };
    dialog.oncancel = () => resolve(null);
    if (!dialog.open) dialog.showModal();
    input.focus();
  });
}
async function beginTimer(run, t, button) {
  if (t.duration != null) return act(run.id, `/timers/${t.number}/begin`, undefined, button);
  const dialog = byId('begin-dialog');
  byId('begin-error').hidden = true;
  for (let first = true; ; first = false) {
    const text = await askDuration(`Start ${t.name}`, first ? '' : null);
    if (!text) { dialog.close(); return; }
    try {
      const doc = await api('POST', runPath(run.id) + `/timers/${t.number}/begin`,
        { duration: text });
      if (doc && doc.run) upsertRun(doc.run);
      dialog.close();
      return;
    } catch (e) {
      const err = byId('begin-error');
      err.textContent = e.message;
      err.hidden = false;
    }
  }
}
// A suggested time ("2 Minuten" in the words) starts with one tap through its own route:
// `POST /v1/runs/{id}/timers/s{n}/begin`, no body (docs/api.md §1.2).
function beginSuggested(run, s, button) {
  return act(run.id, `/timers/${encodeURIComponent(s.label)}/begin`, undefined, button);
}

// ---- Starting a recipe: a searchable list from GET /v1/recipes.
const fold = (s) => String(s || '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
let recipeRows = [];
function showRecipes() {
  const q = fold(byId('recipe-search').value.trim());
  const list = byId('recipe-list');
  const rows = recipeRows.filter((r) => !q || fold(r.title).includes(q) || fold(r.name).includes(q));
  list.replaceChildren(...rows.map((r) => {
    const broken = (r.errors || []).length > 0;
    const meta = broken ? r.errors[0]
      : `${r.steps} step${r.steps === 1 ? '' : 's'} · ${r.timers} timer${r.timers === 1 ? '' : 's'}`;
    return el('li', {}, el('button', {
      type: 'button', 'data-recipe': r.name, disabled: broken,
      onclick: (e) => startRecipe(r, e.currentTarget),
    }, el('span', { text: r.title || r.name }), el('span', { class: 'meta', text: meta })));
  }));
  if (!rows.length) list.append(el('li', { text: q ? 'No recipe matches.' : 'No recipes found.' }));
}
async function openStart() {
  const dialog = byId('start-dialog');
  byId('start-error').hidden = true;
  byId('recipe-search').value = '';
  recipeRows = [];
  showRecipes();
  dialog.showModal();
  byId('recipe-search').focus();
  try {
    recipeRows = ((await recipes(true)).recipes || []).slice()
      .sort((a, b) => fold(a.title || a.name).localeCompare(fold(b.title || b.name)));
    showRecipes();
  } catch (e) {
    byId('start-error').textContent = e.message;
    byId('start-error').hidden = false;
  }
}
async function startRecipe(recipe, button) {
  button.disabled = true;
  const body = { recipe: recipe.name, autoAdvance: byId('auto-advance').checked };
  if (byId('prose-timers').checked) body.proseTimers = true;
  try {
    const run = await api('POST', '/v1/runs', body);
    byId('start-dialog').close();
    upsertRun(run);
    const first = cardOf(run.id) && cardOf(run.id).querySelector('[data-action]');
    if (first) first.focus();
  } catch (e) {
    byId('start-error').textContent = e.message;
    byId('start-error').hidden = false;
    button.disabled = false;
  }
}

// ---- Settings: what the page can and cannot do here, truthfully.
function showSettingsState() {
  byId('sound-state').textContent = soundOn()
    ? 'Alarm sound: on.'
    : 'Alarm sound: off until this page is tapped (the browser’s rule). Tap “Test the alarm sound”.';
  const n = byId('notify-state'), allow = byId('notify-allow');
  allow.hidden = true;
  // Chrome keeps `Notification` on a plain-HTTP page but answers "denied": say why.
  if (!window.isSecureContext) {
    n.textContent = 'Notifications: not available — the browser allows them only on HTTPS (start the server with --tls) or on this computer.';
  } else if (!('Notification' in window)) {
    n.textContent = 'Notifications: this browser shows none here.';
  } else if (Notification.permission === 'granted') {
    n.textContent = 'Notifications: on.';
  } else if (Notification.permission === 'denied') {
    n.textContent = 'Notifications: refused for this page (change it in the browser’s site settings).';
  } else {
    n.textContent = 'Notifications: off.';
    allow.hidden = false;
  }
  const words = {
    unavailable: window.isSecureContext
      ? 'Screen: this browser cannot keep it on; it may sleep while a timer runs.'
      : 'Screen: may sleep — the browser keeps it on only for HTTPS pages (start the server with --tls) or on this computer.',
    held: 'Screen: kept on while a timer runs.',
    refused: `Screen: the browser refused to keep it on (${wake.error}); it may sleep. Tapping the page tries again.`,
    idle: 'Screen: will be kept on while a timer runs.',
  };
  byId('wake-state').textContent = words[wake.state] || '';
}
// A modal dialog closes when the backdrop around it is tapped (a click on the <dialog>
// element outside its box).
function closeOnBackdrop(dialog) {
  dialog.addEventListener('click', (e) => {
    if (e.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right
      && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) dialog.close();
  });
}
async function setUp() {
  byId('start-open').addEventListener('click', openStart);
  byId('recipe-search').addEventListener('input', showRecipes);
  byId('settings-open').addEventListener('click', () => {
    showSettingsState();
    byId('settings-dialog').showModal();
  });
  byId('notify-allow').addEventListener('click', async () => {
    if ('Notification' in window) await Notification.requestPermission();
    showSettingsState();
  });
  byId('sound-test').addEventListener('click', async () => {
    await unlockSound();
    beepPattern();
    showSettingsState();
  });
  byId('key-forget').addEventListener('click', () => {
    apiKey = '';
    localStorage.removeItem(KEY_STORE);
    byId('settings-dialog').close();
    restartStream();
  });
  byId('sound-unlock-button').addEventListener('click', unlockSound);
  byId('cook-exit').addEventListener('click', () => setCookRun(null));
  for (const id of ['start-dialog', 'settings-dialog', 'ingredients-dialog']) {
    closeOnBackdrop(byId(id));
  }
  window.__cooktimer = {
    runs, serverClock, SSEParser, countdown, shortDuration, acks, outbox, overText,
  };
  renderEmpty();
  scheduleTick();
  await pairFromAddress();
  // A pairing link opened on a page already showing: pair, then listen with the new key.
  window.addEventListener('hashchange', async () => { await pairFromAddress(); restartStream(); });
  streamForever();
}
setUp();
