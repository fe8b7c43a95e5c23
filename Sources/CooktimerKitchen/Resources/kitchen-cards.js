// ---- Words for states: every state has words of its own, not only a colour.
const PHASE_WORDS = {
  running: 'Running', paused: 'Paused', waiting: 'Waiting for you',
  finished: 'Finished', stopped: 'Stopped',
};
const TIMER_WORDS = {
  running: 'Running', paused: 'Paused', waiting: 'Not started', fired: 'Done',
  skipped: 'Skipped', cancelled: 'Cancelled',
};

// ---- Recipes, looked up by the run's title (GET /v1/recipes/{name} takes a title or a
// file name; a title the path cannot carry goes through the list's file name).
let recipeList = null;
function recipes(fresh) {
  if (!recipeList || fresh) {
    recipeList = api('GET', '/v1/recipes').catch((e) => { recipeList = null; throw e; });
  }
  return recipeList;
}
const recipeDocs = new Map();
function recipeDoc(title) {
  if (recipeDocs.has(title)) return recipeDocs.get(title).doc;
  const slot = { doc: undefined };
  recipeDocs.set(title, slot);
  (async () => {
    let name = title;
    try {
      const hit = ((await recipes()).recipes || []).find((r) => r.title === title);
      if (hit) name = hit.name;
    } catch (e) { /* the title itself may still be found */ }
    try {
      slot.doc = await api('GET', '/v1/recipes/' + encodeURIComponent(name));
    } catch (e) {
      slot.doc = null;
      setTimeout(() => recipeDocs.delete(title), 60000);
    }
    for (const [id, entry] of runs) if (entry.run.recipe === title) renderRun(id);
  })();
  return undefined;
}
// The recipe's language, from its `locale` metadata ("de_DE" or "de-DE"), for `lang`.
function recipeLang(doc) {
  const m = (doc && doc.metadata) || {};
  const raw = [m.locale, m.lang, m.language].find((v) => typeof v === 'string' && v.trim());
  if (!raw) return null;
  try { return Intl.getCanonicalLocales(raw.trim().replace(/_/g, '-'))[0]; }
  catch (e) { return null; }
}
// Characters as Swift counts them (grapheme clusters), for the suggested timers' spans.
function graphemes(text) {
  if (window.Intl && Intl.Segmenter) {
    return Array.from(new Intl.Segmenter().segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

// ---- What a timer shows at `now` (server time): its state, the milliseconds left, and for
// a timer that is done, how long ago (`over`): an overdue pot counts up.
function timerView(t, now) {
  const total = t.duration != null ? t.duration * 1000 : null;
  if (t.state === 'running') {
    const left = timerEnd(t) - now;
    return left > 0 ? { state: 'running', left, total }
      : { state: 'fired', left: 0, total, over: -left };
  }
  if (t.state === 'paused') return { state: 'paused', left: (t.remaining || 0) * 1000, total };
  if (t.state === 'waiting') return { state: 'waiting', left: total, total };
  if (t.state === 'fired') {
    const end = timerEnd(t);
    return { state: 'fired', left: 0, total, over: Number.isFinite(end) ? Math.max(0, now - end) : null };
  }
  return { state: t.state, left: null, total };
}
// "+3:12 over": whole seconds since the end, rounded down (+0:00 at the end itself).
function overText(ms) { return '+' + countdown(Math.floor(ms / 1000) * 1000) + ' over'; }
function digitsText(view) {
  if (view.over != null) return overText(view.over);
  return view.left == null ? '—' : countdown(view.left);
}
// The timers a cook cares about: live ones of any step, the current step's others.
function shownTimers(run) {
  return run.timers.filter((t) => t.state === 'running' || t.state === 'paused'
    || t.step === run.stepNumber);
}

// A run's name for people and screen readers: its recipe, and its id where two runs of
// one recipe are on the screen (ten "Pause — Spaghetti" buttons name nothing).
function hasTwin(run) {
  for (const [id, e] of runs) if (id !== run.id && e.run.recipe === run.recipe) return true;
  return false;
}
const runLabel = (run) => (hasTwin(run) ? `${run.recipe} (${run.id})` : run.recipe);
function relabelTwins(run) {
  for (const [id, e] of runs) if (id !== run.id && e.run.recipe === run.recipe) renderRun(id);
}

const errors = new Map();
function setError(id, message) {
  errors.set(id, { message, at: Date.now() });
  renderRun(id);
  setTimeout(() => renderRun(id), 8000);
}

function renderEmpty() { byId('empty').hidden = runs.size > 0; }
function forgetRun(id) {
  runs.delete(id);
  const card = cardOf(id);
  if (card) card.remove();
  renderEmpty();
  if (cookRun === id) setCookRun(null); // cook mode of a run that is gone shows all again
  updateAll();
}
const cardOf = (id) => document.querySelector(`.card[data-run="${CSS.escape(id)}"]`);

// Cook mode: one run alone on the screen (a phone by the stove): its step large, its
// timers, Next. Entered from the card's "Cook mode" button, left with "All runs".
let cookRun = null;
function setCookRun(id) {
  cookRun = id && runs.has(id) ? id : null;
  if (cookRun) document.body.dataset.cook = cookRun;
  else delete document.body.dataset.cook;
  byId('cook-bar').hidden = !cookRun;
  for (const rid of runs.keys()) renderRun(rid);
  const card = cookRun && cardOf(cookRun);
  if (card) {
    card.scrollIntoView({ block: 'start' });
    const next = card.querySelector('[data-action=next]');
    if (next) next.focus();
  } else {
    byId('start-open').focus();
  }
}

function renderRun(id) {
  const entry = runs.get(id);
  let card = cardOf(id);
  if (!entry) { if (card) card.remove(); return; }
  const run = entry.run, doc = recipeDoc(run.recipe), lang = recipeLang(doc);
  const ringing = ringingTimers(entry), label = runLabel(run);
  if (!card) {
    card = el('article', { class: 'card', 'data-run': id, 'aria-labelledby': `title-${id}` });
    const later = Array.from(byId('runs').children).find((c) => {
      const other = runs.get(c.dataset.run);
      return other && other.run.startedAt > run.startedAt;
    });
    byId('runs').insertBefore(card, later || null);
    renderEmpty();
  }
  const focused = card.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  card.dataset.phase = run.phase;
  card.dataset.alarm = ringing.length ? 'ringing' : 'quiet';
  if (cookRun === id) card.dataset.cooking = '1';
  else delete card.dataset.cooking;
  const error = errors.get(id);
  const waiting = outbox.filter((c) => c.id === id).length;
  const step = doc && Array.isArray(doc.steps)
    ? doc.steps.find((s) => s.number === run.stepNumber) : null;
  setChildren(card,
    el('div', { class: 'card-head' },
      el('h2', { id: `title-${id}`, lang }, el('span', { text: run.recipe }),
        hasTwin(run) ? el('span', { class: 'runid', text: ` · ${run.id}` }) : null),
      el('span', { class: 'badge', text: PHASE_WORDS[run.phase] || run.phase }),
      el('p', { class: 'stepno', text: `Step ${run.stepNumber} of ${run.stepCount}` })),
    isLive() ? null : el('p', {
      class: 'offline-note', text: 'Offline — times run on from the last word; alarms still ring',
    }),
    waiting ? el('p', {
      class: 'queued', text: `${waiting} change${waiting > 1 ? 's' : ''} waiting to be sent`,
    }) : null,
    el('p', { class: 'step-text', lang }, step && step.text === run.stepName ? stepWords(step) : run.stepName),
    ingredientsLine(run, doc, step, lang, label),
    ringing.length ? alarmBox(run, ringing, label) : null,
    el('ul', { class: 'timers', 'aria-label': `Timers — ${label}` },
      shownTimers(run).map((t) => timerItem(run, t, lang, label))),
    el('p', { class: 'error', role: 'alert',
      text: error && Date.now() - error.at < 8000 ? error.message : '' }),
    actionButtons(entry, ringing.length > 0, label),
    suggestions(run, doc, step, label),
    stepsList(run, doc, lang, label, ingredientsButton(run, doc, step, lang, label)),
    timelineBox(id));
  if (focused) {
    const again = card.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
  updateTimers(serverClock.now());
}

// ---- Ingredients: the current step's on the card, the recipe's whole list one tap away
// (the recipe document's `ingredients`, docs/recipes.md: name, quantity, unit, preparation).
function ingredientText(i) {
  const amount = [i.quantity, i.unit].filter((v) => v != null && String(v).trim()).join(' ');
  return (amount ? amount + ' ' : '') + i.name + (i.preparation ? `, ${i.preparation}` : '');
}
function ingredientsLine(run, doc, step, lang, label) {
  const all = doc && Array.isArray(doc.ingredients) ? doc.ingredients : [];
  const here = step && Array.isArray(step.ingredients) ? step.ingredients : [];
  if (!all.length && !here.length) return null;
  return here.length ? el('p', { class: 'step-ingredients', lang },
    el('span', { class: 'sr-only', text: 'In this step: ' }),
    here.map(ingredientText).join(' · ')) : null;
}
function ingredientsButton(run, doc, step, lang, label) {
  const all = doc && Array.isArray(doc.ingredients) ? doc.ingredients : [];
  return all.length ? el('button', {
      type: 'button', class: 'link', 'data-key': `${run.id}:ingredients`,
      'data-action': 'ingredients', 'aria-label': `All ${all.length} ingredients — ${label}`,
      text: `All ingredients (${all.length})`,
      onclick: () => showIngredients(run, doc, step, lang),
  }) : null;
}
function showIngredients(run, doc, step, lang) {
  const here = new Set(((step && step.ingredients) || []).map((i) => i.name));
  byId('ingredients-title').textContent = `Ingredients — ${run.recipe}`;
  setChildren(byId('ingredients-list'), (doc.ingredients || []).map((i) => el('li', {
    lang, class: here.has(i.name) ? 'now' : null, text: ingredientText(i),
  })));
  byId('ingredients-dialog').showModal();
}

function alarmBox(run, ringing, label) {
  const names = ringing.map((t) => t.name).join(', ');
  return el('div', { class: 'alarm' },
    el('p', { text: `${names} ${ringing.length > 1 ? 'are' : 'is'} done` }),
    el('button', {
      type: 'button', class: 'ack', 'data-key': `${run.id}:ack`, 'data-action': 'acknowledge',
      'aria-label': `Stop the alarm — ${label}`, text: 'Stop the alarm',
      onclick: () => acknowledge(run.id),
    }));
}

function progressRing() {
  return svgEl('svg', { class: 'ring', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
    svgEl('circle', { class: 'track', cx: 50, cy: 50, r: 42, fill: 'none', 'stroke-width': 10 }),
    svgEl('circle', {
      class: 'bar', cx: 50, cy: 50, r: 42, fill: 'none', 'stroke-width': 10,
      pathLength: 100, 'stroke-dasharray': 100, 'stroke-dashoffset': 0,
      'stroke-linecap': 'round', transform: 'rotate(-90 50 50)',
    }),
    svgEl('g', { class: 'icon', fill: 'currentColor' }));
}
// The ring's centre: a shape per state (triangle, bars, bell…) next to the words.
function ringIcon(state) {
  const shapes = {
    running: [['path', { d: 'M41 34 L66 50 L41 66 Z' }]],
    paused: [['rect', { x: 37, y: 34, width: 9, height: 32 }],
      ['rect', { x: 54, y: 34, width: 9, height: 32 }]],
    fired: [['rect', { x: 45, y: 28, width: 10, height: 30 }],
      ['rect', { x: 45, y: 64, width: 10, height: 9 }]],
    waiting: [['circle', { cx: 50, cy: 50, r: 7 }]],
  };
  return (shapes[state] || []).map(([tag, attrs]) => svgEl(tag, attrs));
}

function timerItem(run, t, lang, label) {
  const key = `${run.id}:t${t.number}`;
  const who = `${t.name} — ${label}`;
  const buttons = [];
  if (run.phase !== 'finished' && run.phase !== 'stopped') {
    if (t.state === 'waiting') {
      buttons.push(el('button', {
        type: 'button', 'data-key': `${key}:begin`, 'data-action': 'begin',
        'aria-label': `Start ${who}`, text: 'Start',
        onclick: (e) => beginTimer(run, t, e.currentTarget),
      }));
    }
    // +1 min goes to this timer by its number, never to another of the run's timers.
    if (t.state === 'running' || t.state === 'paused') {
      buttons.push(el('button', {
        type: 'button', 'data-key': `${key}:add`, 'data-action': 'add',
        'aria-label': `Add one minute to ${who}`, text: '+1 min',
        onclick: (e) => act(run.id, '/add', { duration: '1m', timer: String(t.number) },
          e.currentTarget),
      }));
    }
    if (t.state === 'running' || t.state === 'paused' || t.state === 'waiting') {
      buttons.push(el('button', {
        type: 'button', 'data-key': `${key}:skip`, 'data-action': 'skip',
        'aria-label': `Skip ${who}`, text: 'Skip',
        onclick: (e) => act(run.id, `/timers/${t.number}/skip`, undefined, e.currentTarget),
      }));
    }
  }
  return el('li', {
    class: 'timer', 'data-timer': t.number, 'data-state': t.state,
    'data-other': t.step !== run.stepNumber,
  },
    progressRing(),
    el('div', { class: 'digits', role: 'timer', 'aria-label': `${who}: time left` }),
    el('div', { class: 'tinfo' },
      el('span', { class: 'tname', lang, text: t.name }),
      el('span', { class: 'tstate' }),
      el('span', { class: 'tends' }),
      t.step !== run.stepNumber ? el('span', { class: 'tstep', text: `from step ${t.step}` }) : null),
    buttons.length ? el('div', { class: 'tbuttons' }, buttons) : null);
}

// ---- The tick: countdowns from end dates at `now`, never by counting ticks. Touches
// the DOM only where the shown text or state changes.
function updateTimers(now) {
  for (const [id, entry] of runs) {
    const card = cardOf(id);
    if (!card) continue;
    for (const li of card.querySelectorAll('.timer')) {
      const t = entry.run.timers.find((x) => String(x.number) === li.dataset.timer);
      if (!t) continue;
      const view = timerView(t, now);
      const digits = digitsText(view);
      const digitsEl = li.querySelector('.digits');
      if (digitsEl.textContent !== digits) digitsEl.textContent = digits;
      if (li.dataset.state !== view.state || !li.dataset.drawn) {
        li.dataset.state = view.state;
        li.dataset.drawn = '1';
        li.querySelector('.tstate').textContent = TIMER_WORDS[view.state] || view.state;
        li.querySelector('.icon').replaceChildren(...ringIcon(view.state));
        const end = timerEnd(t);
        li.querySelector('.tends').textContent = !Number.isFinite(end) ? ''
          : (view.state === 'fired' ? 'done at ' : 'ends ') + clockTime(end);
      }
      const frac = view.total ? Math.min(1, Math.max(0, (view.left || 0) / view.total))
        : (view.state === 'waiting' ? 1 : 0);
      const offset = String(Math.round((1 - frac) * 1000) / 10);
      const bar = li.querySelector('.bar');
      if (bar.getAttribute('stroke-dashoffset') !== offset) {
        bar.setAttribute('stroke-dashoffset', offset);
      }
    }
  }
  updateStrip(now);
}

// ---- "Ends next": every live timer of every run in one strip at the top, soonest end
// first (done ones, counting up, before them; paused ones by what they have left), each
// with its name and its recipe, so from across the kitchen the cook sees which pot is next.
function stripItems(now) {
  const items = [];
  for (const [id, entry] of runs) {
    if (entry.ended) continue;
    const run = entry.run, ringing = new Set(ringingTimers(entry, now).map((t) => t.number));
    for (const t of run.timers) {
      const view = timerView(t, now);
      const live = view.state === 'running' || view.state === 'paused'
        || (view.state === 'fired' && (ringing.has(t.number) || t.step === run.stepNumber));
      if (!live) continue;
      const at = view.state === 'paused' ? now + view.left : timerEnd(t);
      items.push({ id, run, t, view, at, key: `${id}:${t.number}:${view.state}` });
    }
  }
  return items.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1));
}
let stripShape = '';
function updateStrip(now) {
  const items = stripItems(now), list = byId('next-list');
  const shape = items.map((i) => i.key + (hasTwin(i.run) ? '+' : '')).join(' ');
  const strip = byId('next-strip');
  if (strip.hidden !== (items.length === 0)) strip.hidden = items.length === 0;
  if (shape !== stripShape) {
    stripShape = shape;
    setChildren(list, items.map(({ id, run, t }) => el('li', {
      'data-strip-run': id, 'data-strip-timer': t.number,
    }, el('button', {
      type: 'button', class: 'next-item', 'data-key': `strip:${id}:${t.number}`,
      onclick: () => {
        const card = cardOf(id);
        if (card) card.scrollIntoView({ block: 'start' });
      },
    }, el('span', { class: 'ndigits' }), el('span', { class: 'nname', text: t.name }),
    el('span', { class: 'nrecipe', text: runLabel(run) })))));
  }
  items.forEach((item, i) => {
    const li = list.children[i];
    if (!li) return;
    if (li.dataset.state !== item.view.state) li.dataset.state = item.view.state;
    const digits = item.view.state === 'paused' ? `${countdown(item.view.left)} paused`
      : digitsText(item.view);
    const d = li.querySelector('.ndigits');
    if (d.textContent !== digits) d.textContent = digits;
  });
}

function updateAll() {
  const now = serverClock.now();
  updateTimers(now);
  updateAlarms(now);
  scheduleTick();
}
// The next tick comes when some shown second changes: each running (or overdue) timer
// changes at its own sub-second phase, so wake up for the nearest, at most a second away,
// but at most four times a second: with ten runs' timers at ten phases a digit may show up
// to 250 ms late rather than the tab painting ten times a second. No animation frames.
const TICK_SPACING_MS = 250;
let tickTimer = 0, lastTick = 0;
function scheduleTick() {
  clearTimeout(tickTimer);
  const now = serverClock.now();
  let wait = 1000;
  for (const entry of runs.values()) {
    for (const t of entry.run.timers) {
      if (t.state !== 'running' && t.state !== 'fired') continue;
      const end = timerEnd(t);
      if (!Number.isFinite(end)) continue;
      const ms = (((end - now) % 1000) + 1000) % 1000;
      if (ms > 0) wait = Math.min(wait, ms);
    }
  }
  const soonest = lastTick + TICK_SPACING_MS - performance.now();
  tickTimer = setTimeout(() => { lastTick = performance.now(); updateAll(); },
    Math.max(wait + 2, soonest));
}

// ---- Steps: the current one is the card's big text; below it the next one, the rest one
// tap away. Suggested times are highlighted in the words.
const stepsOpen = new Map();
function stepsList(run, doc, lang, label, more) {
  if (!doc || !Array.isArray(doc.steps) || !doc.steps.length) return more;
  const all = !!stepsOpen.get(run.id), n = run.stepNumber;
  const near = (s) => s.number === n + 1;
  const hidden = doc.steps.some((s) => !near(s));
  return el('section', { class: 'steps-box', 'aria-label': `Steps — ${label}` },
    el('ol', { class: 'steps', lang }, doc.steps.filter((s) => all || near(s)).map((s) => el('li', {
      value: s.number,
      'aria-current': s.number === n ? 'step' : null,
      class: s.number < n ? 'done' : (s.number === n + 1 ? 'next' : null),
    }, all || s.number !== n + 1 ? null : el('span', { class: 'next-label', text: 'Next: ' }),
    stepWords(s)))),
    el('div', { class: 'card-links' }, hidden ? el('button', {
      type: 'button', class: 'link', 'data-key': `${run.id}:steps`, 'data-action': 'steps',
      'aria-expanded': all ? 'true' : 'false',
      'aria-label': `${all ? 'Fewer steps' : `All ${doc.steps.length} steps`} — ${label}`,
      text: all ? 'Fewer steps' : `All ${doc.steps.length} steps`,
      onclick: () => { stepsOpen.set(run.id, !all); renderRun(run.id); },
    }) : null, more));
}
function stepWords(step) {
  const spans = (step.suggestedTimers || []).filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from);
  if (!spans.length) return [step.text];
  const chars = graphemes(step.text), parts = [];
  let at = 0;
  for (const s of spans) {
    if (s.from < at) continue;
    parts.push(chars.slice(at, s.from).join(''));
    parts.push(el('mark', { class: 'prose', text: chars.slice(s.from, s.to).join('') }));
    at = s.to;
  }
  parts.push(chars.slice(at).join(''));
  return parts;
}
// Times the current step names only in its words, one tap away: the run's own list
// (`suggestedTimers`, docs/api.md) where the server sends it, else the recipe step's.
function suggestions(run, doc, step, label) {
  if (run.phase === 'finished' || run.phase === 'stopped') return null;
  const found = Array.isArray(run.suggestedTimers) ? run.suggestedTimers
    : ((step && step.suggestedTimers) || []);
  if (!found.length) return null;
  return el('div', { class: 'suggested' }, el('span', { text: 'Times in the words:' }),
    found.map((s) => el('button', {
      type: 'button', 'data-key': `${run.id}:${s.label}`, 'data-action': 'suggested',
      'aria-label': `Start a timer of ${shortDuration(s.seconds * 1000)} (“${s.text}”) — ${label}`,
      text: `Start ${shortDuration(s.seconds * 1000)}`,
      onclick: (e) => beginSuggested(run, s, e.currentTarget),
    })));
}

// ---- The timeline: steps as bars from the run's start to "done at".
const timelines = new Map(), timelineWanted = new Map(), timelineOpen = new Map();
function refreshTimeline(id) {
  clearTimeout(timelineWanted.get(id));
  timelineWanted.set(id, setTimeout(async () => {
    try {
      timelines.set(id, await api('GET', runPath(id) + '/timeline'));
      const card = cardOf(id), box = card && card.querySelector('.timeline');
      if (box) box.replaceWith(timelineBox(id));
    } catch (e) { /* the chart waits for the next change */ }
  }, 200));
}
setInterval(() => { for (const [id, e] of runs) if (!e.ended) refreshTimeline(id); }, 30000);

function timelineBox(id) {
  const tl = timelines.get(id), entry = runs.get(id);
  if (!tl || !entry || !Array.isArray(tl.steps) || !tl.steps.length) {
    return el('details', { class: 'timeline', hidden: true });
  }
  const from = Date.parse(tl.from), done = Date.parse(tl.done);
  const span = Math.max(1, done - from), W = 300, left = 22, row = 16;
  const x = (ms) => left + (Math.min(Math.max(ms, from), done) - from) / span * (W - left - 4);
  const H = tl.steps.length * row + 4;
  const bars = tl.steps.map((s, i) => {
    const a = Date.parse(s.start), b = Date.parse(s.end);
    const current = s.number === entry.run.stepNumber;
    const words = `Step ${s.number}: ${clockTime(a)} to ${clockTime(b)}`
      + (s.waitsForCook ? ', waits for you' : '');
    return svgEl('g', {},
      svgEl('text', { class: 'tl-label', x: 0, y: i * row + 13, text: String(s.number) }),
      svgEl('rect', {
        class: 'tl-bar' + (s.waitsForCook ? ' waits' : '') + (current ? ' current' : ''),
        x: x(a), y: i * row + 3, width: Math.max(2, x(b) - x(a)), height: row - 5, rx: 2,
      }, svgEl('title', { text: words })));
  });
  const now = serverClock.now();
  const nowLine = now > from && now < done
    ? svgEl('line', { class: 'tl-now', x1: x(now), x2: x(now), y1: 0, y2: H }) : null;
  const doneWords = entry.ended || done <= now + 1000 ? `done at ${clockTime(done)}`
    : `done at ${clockTime(done)} (in ${shortDuration(done - now)})`;
  const details = el('details', { class: 'timeline', open: !!timelineOpen.get(id) },
    el('summary', {
      'data-key': `${id}:timeline`, 'aria-label': `Timeline, ${doneWords} — ${runLabel(entry.run)}`,
      text: `Timeline · ${doneWords}`,
    }),
    svgEl('svg', {
      viewBox: `0 0 ${W} ${H}`, role: 'img',
      'aria-label': tl.steps.map((s) => `step ${s.number} ${clockTime(Date.parse(s.start))}`
        + ` to ${clockTime(Date.parse(s.end))}`).join(', '),
    }, bars, nowLine));
  details.addEventListener('toggle', () => timelineOpen.set(id, details.open));
  return details;
}

// ---- Announcements of what changed (aria-live), once per change.
function describeChange(before, run) {
  let text = null;
  if (!before) text = `${run.recipe}: step ${run.stepNumber} of ${run.stepCount}, `
    + (PHASE_WORDS[run.phase] || run.phase).toLowerCase();
  else if (before.phase !== run.phase) text = `${run.recipe}: ${(PHASE_WORDS[run.phase] || run.phase).toLowerCase()}`;
  else if (before.stepNumber !== run.stepNumber) text = `${run.recipe}: step ${run.stepNumber} of ${run.stepCount}`;
  if (text) announce(text);
}
