extension KitchenSource {
  /// The stylesheet. System fonts only (nothing to download). Sizes are for a screen a
  /// metre away: 18 px text, countdown digits several times that, every control at least
  /// 48 px. Each state has its own colour *and* its own words and outline, so no state is
  /// told by colour alone.
  static let style = #"""
    :root {
      --bg: #f6f4ef; --card: #ffffff; --fg: #1b1b1b; --muted: #5c5c5c; --line: #d6d2c8;
      --accent: #0b5cad; --accent-fg: #ffffff; --focus: #b35c00;
      --running: #0a7a35; --running-bg: #e5f4ea;
      --paused: #8a5200; --paused-bg: #fff1d1;
      --waiting: #1c56b8; --waiting-bg: #e3ecfb;
      --fired: #b3122a; --fired-bg: #fde4e7;
      --ended: #555555; --ended-bg: #ecebe8;
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
      font-size: 18px; line-height: 1.4; color-scheme: light dark;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #121212; --card: #1e1e1e; --fg: #f1f1f1; --muted: #b4b4b4; --line: #3a3a3a;
        --accent: #6aa8ff; --accent-fg: #0c0c0c; --focus: #ffb454;
        --running: #5fd38a; --running-bg: #15301f;
        --paused: #ffc25c; --paused-bg: #3a2a0c;
        --waiting: #8db7ff; --waiting-bg: #16264a;
        --fired: #ff7b8b; --fired-bg: #471520;
        --ended: #bdbdbd; --ended-bg: #2a2a2a;
      }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); }
    button, input { font: inherit; color: inherit; }
    button {
      min-height: 48px; min-width: 48px; padding: 0.5rem 1rem; border-radius: 0.6rem;
      border: 2px solid var(--line); background: var(--card); cursor: pointer;
    }
    button:hover { border-color: var(--muted); }
    button:disabled { opacity: 0.5; cursor: not-allowed; }
    button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
    :focus-visible { outline: 4px solid var(--focus); outline-offset: 2px; }
    input[type=search], input[type=text], input[type=password] {
      width: 100%; min-height: 48px; padding: 0.5rem 0.75rem; border-radius: 0.5rem;
      border: 2px solid var(--line); background: var(--card);
    }
    .sr-only {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    .bar {
      display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem;
      padding: 0.5rem 1rem; border-bottom: 2px solid var(--line); background: var(--card);
    }
    .bar h1 { font-size: 1.3rem; margin: 0; }
    .bar-actions { display: flex; gap: 0.5rem; margin-left: auto; }
    .conn { margin: 0; font-size: 0.9rem; padding: 0.2rem 0.6rem; border-radius: 1rem; }
    .conn::before { content: "● "; }
    .conn[data-state=live] { color: var(--running); }
    .conn[data-state=connecting], .conn[data-state=offline] { color: var(--paused); }
    .unlock { padding: 0.5rem 1rem; background: var(--paused-bg); }
    .unlock button { width: 100%; }
    .empty { text-align: center; font-size: 1.3rem; color: var(--muted); padding: 3rem 1rem; }
    main {
      display: grid; gap: 1rem; padding: 1rem;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 26rem), 1fr));
    }
    .card {
      background: var(--card); border: 3px solid var(--line); border-radius: 1rem;
      padding: 1rem; display: flex; flex-direction: column; gap: 0.75rem; min-width: 0;
    }
    .card[data-phase=running] { border-color: var(--running); }
    .card[data-phase=paused] { border-color: var(--paused); border-style: dashed; }
    .card[data-phase=waiting] { border-color: var(--waiting); }
    .card[data-phase=finished], .card[data-phase=stopped] { border-color: var(--ended); opacity: 0.85; }
    .card[data-alarm=ringing] { border-color: var(--fired); border-width: 6px; order: -1; }
    .card-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.75rem; }
    .card-head h2 { margin: 0; font-size: 1.5rem; overflow-wrap: anywhere; flex: 1 1 12rem; }
    .badge {
      font-weight: 700; padding: 0.15rem 0.7rem; border-radius: 1rem; border: 2px solid;
      text-transform: uppercase; letter-spacing: 0.04em; font-size: 0.95rem;
    }
    [data-phase=running] > .card-head .badge, .timer[data-state=running] .tstate { color: var(--running); background: var(--running-bg); }
    [data-phase=paused] > .card-head .badge, .timer[data-state=paused] .tstate { color: var(--paused); background: var(--paused-bg); }
    [data-phase=waiting] > .card-head .badge, .timer[data-state=waiting] .tstate { color: var(--waiting); background: var(--waiting-bg); }
    [data-phase=finished] > .card-head .badge, [data-phase=stopped] > .card-head .badge,
    .timer[data-state=skipped] .tstate, .timer[data-state=cancelled] .tstate { color: var(--ended); background: var(--ended-bg); }
    .timer[data-state=fired] .tstate { color: var(--fired); background: var(--fired-bg); }
    .stepno { margin: 0; color: var(--muted); font-weight: 600; width: 100%; }
    .step-text { margin: 0; font-size: 1.35rem; overflow-wrap: anywhere; }
    .alarm {
      display: flex; flex-direction: column; gap: 0.5rem; padding: 0.75rem;
      border-radius: 0.75rem; background: var(--fired-bg); color: var(--fired);
    }
    .alarm p { margin: 0; font-weight: 700; font-size: 1.3rem; }
    .alarm button {
      min-height: 72px; font-size: 1.4rem; font-weight: 700; background: var(--fired);
      color: var(--card); border-color: var(--fired);
    }
    @media (prefers-reduced-motion: no-preference) {
      .card[data-alarm=ringing] .alarm { animation: pulse 1s ease-in-out infinite alternate; }
    }
    @keyframes pulse { from { transform: scale(1); } to { transform: scale(1.02); } }
    .timers { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.75rem; }
    .timer {
      display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 0.9rem; align-items: center;
      padding: 0.5rem; border-radius: 0.75rem; border: 2px solid var(--line);
    }
    .timer[data-state=paused] { border-style: dashed; border-color: var(--paused); }
    .timer[data-state=fired] { border-color: var(--fired); }
    .timer[data-state=skipped] .digits, .timer[data-state=cancelled] .digits { text-decoration: line-through; }
    .ring { width: 5.5rem; height: 5.5rem; grid-row: span 3; align-self: start; }
    .ring .track { stroke: var(--line); }
    .ring .bar { stroke: currentColor; transition: stroke-dashoffset 0.25s linear; }
    .timer { color: var(--muted); }
    .timer[data-state=running] { color: var(--running); }
    .timer[data-state=paused] { color: var(--paused); }
    .timer[data-state=waiting] { color: var(--waiting); }
    .timer[data-state=fired] { color: var(--fired); }
    .digits {
      font-size: clamp(2.8rem, 11vw, 4.5rem); font-weight: 700; line-height: 1;
      font-variant-numeric: tabular-nums; color: var(--fg); letter-spacing: -0.02em;
    }
    .tinfo { display: flex; flex-wrap: wrap; gap: 0.25rem 0.6rem; align-items: center; color: var(--fg); }
    .tname { font-weight: 600; overflow-wrap: anywhere; }
    .tstate { font-weight: 700; padding: 0.05rem 0.5rem; border-radius: 0.5rem; }
    .tends { color: var(--muted); }
    .tbuttons { grid-column: 2; display: flex; flex-wrap: wrap; gap: 0.5rem; }
    .tstep { color: var(--muted); font-size: 0.9rem; }
    @media (max-width: 480px) {
      .ring { width: 4.25rem; height: 4.25rem; }
      .card { padding: 0.75rem; }
      main { padding: 0.5rem; gap: 0.5rem; }
    }
    .actions { display: grid; grid-template-columns: repeat(auto-fit, minmax(6.5rem, 1fr)); gap: 0.5rem; }
    .actions button { min-height: 56px; font-weight: 600; }
    button.danger { border-color: var(--fired); color: var(--fired); }
    .error { color: var(--fired); font-weight: 600; margin: 0; }
    .card .error:empty { display: none; }
    details summary {
      min-height: 48px; display: flex; align-items: center; cursor: pointer; font-weight: 600;
    }
    details summary::before { content: "▸"; width: 1.4rem; }
    details[open] summary::before { content: "▾"; }
    .steps { margin: 0; padding-left: 1.8rem; display: flex; flex-direction: column; gap: 0.35rem; }
    .steps li { overflow-wrap: anywhere; }
    .steps li[aria-current=step] {
      font-weight: 700; background: var(--waiting-bg); border-radius: 0.4rem;
      padding: 0.15rem 0.4rem; margin-left: -0.4rem; list-style-type: "▶  ";
    }
    .steps li.done { color: var(--muted); }
    .suggested { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-top: 0.25rem; }
    .suggested button { font-weight: 600; }
    mark.prose { background: var(--waiting-bg); color: inherit; border-radius: 0.2rem; }
    .timeline svg { width: 100%; height: auto; display: block; }
    .timeline .tl-bar { fill: var(--accent); }
    .timeline .tl-bar.waits { fill: var(--waiting-bg); stroke: var(--waiting); stroke-width: 1; }
    .timeline .tl-bar.current { fill: var(--running); }
    .timeline .tl-label { fill: var(--muted); font-size: 11px; }
    .timeline .tl-now { stroke: var(--fired); stroke-width: 1.5; }
    .timeline p { margin: 0.25rem 0 0; font-size: 1.2rem; font-weight: 600; }
    .toast {
      position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); max-width: 90vw;
      background: var(--fg); color: var(--bg); padding: 0.75rem 1.25rem; border-radius: 0.75rem;
      font-weight: 600;
    }
    dialog {
      border: 2px solid var(--line); border-radius: 1rem; background: var(--card); color: var(--fg);
      width: min(34rem, 94vw); max-height: 90vh; padding: 1rem;
    }
    dialog::backdrop { background: rgba(0, 0, 0, 0.5); }
    .dialog-form { display: flex; flex-direction: column; gap: 0.75rem; }
    .dialog-form h2 { margin: 0; }
    .row { display: flex; gap: 0.5rem; }
    .check { display: flex; gap: 0.6rem; align-items: center; min-height: 48px; }
    .check input { width: 1.6rem; height: 1.6rem; flex: none; }
    .recipe-list { list-style: none; margin: 0; padding: 0; overflow-y: auto; max-height: 50vh; display: flex; flex-direction: column; gap: 0.4rem; }
    .recipe-list button { width: 100%; text-align: left; display: flex; flex-direction: column; align-items: flex-start; }
    .recipe-list .meta { color: var(--muted); font-size: 0.9rem; }
    code { font-size: 0.95em; }

    """#
}
