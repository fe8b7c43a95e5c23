// ---- Changes. The answer's run is shown at once (the event follows); a refusal shows
// the server's own message on the card.
async function act(id, path, body, button) {
  const entry = runs.get(id);
  const wasRinging = entry && ringingTimers(entry).length > 0;
  if (button) button.disabled = true;
  try {
    const doc = await api('POST', runPath(id) + path, body);
    if (doc && doc.run) upsertRun(doc.run);
    if (doc && doc.changed === false && doc.note) toast(doc.note);
    // Acting on a ringing run answers its alarm too.
    if (wasRinging) acknowledge(id);
    return doc;
  } catch (e) {
    setError(id, e.message);
    return null;
  } finally {
    if (button && button.isConnected) button.disabled = false;
  }
}
async function acknowledge(id) {
  acknowledged(id, serverClock.now());
  try { await api('POST', runPath(id) + '/acknowledge'); }
  catch (e) { setError(id, e.message); }
}

function actionButtons(entry, ringing) {
  const run = entry.run, id = run.id, who = run.recipe;
  const button = (action, text, props) => el('button', Object.assign({
    type: 'button', 'data-key': `${id}:${action}`, 'data-action': action,
    'aria-label': `${text} — ${who}`, text,
  }, props));
  if (entry.ended) {
    return el('div', { class: 'actions' },
      button('dismiss', 'Dismiss', { onclick: () => forgetRun(id) }));
  }
  const live = run.timers.some((t) => t.state === 'running' || t.state === 'paused');
  const last = run.stepNumber >= run.stepCount;
  const list = [];
  if (run.phase === 'paused') {
    list.push(button('resume', 'Resume', {
      class: 'primary', onclick: (e) => act(id, '/resume', undefined, e.currentTarget),
    }));
  } else if (run.phase === 'running') {
    list.push(button('pause', 'Pause', {
      onclick: (e) => act(id, '/pause', undefined, e.currentTarget),
    }));
  }
  if (live) {
    list.push(button('add', '+1 min', {
      'aria-label': `Add one minute — ${who}`,
      onclick: (e) => act(id, '/add', { duration: '1m' }, e.currentTarget),
    }));
  }
  list.push(button('next', last ? 'Finish' : 'Next step', {
    class: run.phase === 'waiting' || ringing ? 'primary' : null,
    onclick: (e) => act(id, '/next', undefined, e.currentTarget),
  }));
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
// A suggested time runs on the step's timer that waits for a length; with none, the
// server is asked to begin the suggestion by its label, and says if it cannot.
function beginSuggested(run, s, button) {
  const duration = `${Math.round(s.seconds)}s`;
  const open = run.timers.find((t) => t.step === run.stepNumber && t.state === 'waiting'
    && t.duration == null);
  const target = open ? open.number : encodeURIComponent(s.label);
  return act(run.id, `/timers/${target}/begin`, { duration }, button);
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

// ---- Settings: notifications (asked for only on a tap), the sound, the key.
function showSettingsState() {
  const n = byId('notify-state');
  if (!('Notification' in window)) n.textContent = 'This browser shows no notifications here.';
  else n.textContent = `Notifications: ${Notification.permission}.`;
  byId('wake-state').textContent = 'wakeLock' in navigator
    ? 'The screen stays on while a timer runs.'
    : 'This browser cannot keep the screen on here (it needs HTTPS or localhost).';
}
function setUp() {
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
  byId('sound-test').addEventListener('click', () => { audioContext(); beepPattern(); });
  byId('key-forget').addEventListener('click', () => {
    apiKey = '';
    localStorage.removeItem(KEY_STORE);
    byId('settings-dialog').close();
    restartStream();
  });
  byId('sound-unlock-button').addEventListener('click', unlock);
  window.__cooktimer = { runs, serverClock, SSEParser, countdown, shortDuration, acks };
  renderEmpty();
  streamForever();
}
setUp();
