extension KitchenSource {
  /// From the doctype to the stylesheet. `lang="en"` is the language of the page's own
  /// words; recipe text gets the recipe's `locale` on its own elements.
  static let documentStart = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="referrer" content="no-referrer">
    <title>cooktimer — kitchen</title>
    <link rel="icon" href="data:,">

    """#

  /// The static body: a bar, the cards' container, the dialogs. Cards are built by the
  /// script with `textContent`, never from HTML text.
  static let body = #"""
    <body>
    <header class="bar">
      <h1>cooktimer</h1>
      <p id="conn" class="conn" data-state="connecting" role="status">Connecting…</p>
      <div class="bar-actions">
        <button id="start-open" class="primary" type="button">Start a recipe</button>
        <button id="settings-open" type="button" aria-label="Settings">Settings</button>
      </div>
    </header>
    <div id="sound-unlock" class="unlock" hidden>
      <button id="sound-unlock-button" type="button">Tap here so alarms can make a sound</button>
    </div>
    <main id="runs" aria-label="Active runs"></main>
    <p id="empty" class="empty" hidden>Nothing is cooking. Start a recipe.</p>
    <div id="announce" class="sr-only" aria-live="polite" aria-atomic="true"></div>
    <div id="toast" class="toast" role="alert" hidden></div>

    <dialog id="start-dialog" aria-labelledby="start-title">
      <form method="dialog" class="dialog-form">
        <h2 id="start-title">Start a recipe</h2>
        <label for="recipe-search">Find a recipe</label>
        <input id="recipe-search" type="search" autocomplete="off" spellcheck="false">
        <p id="start-error" class="error" role="alert" hidden></p>
        <ul id="recipe-list" class="recipe-list" aria-label="Recipes"></ul>
        <label class="check"><input id="auto-advance" type="checkbox">
          Go on to the next step by itself when a step's timers are done</label>
        <label class="check"><input id="prose-timers" type="checkbox">
          Run the times named in the steps' words as timers</label>
        <button value="close" type="submit">Close</button>
      </form>
    </dialog>

    <dialog id="key-dialog" aria-labelledby="key-title">
      <form id="key-form" class="dialog-form">
        <h2 id="key-title">API key</h2>
        <p id="key-reason"></p>
        <p>Create one on the computer with <code>cooktimer apikey create</code>. This browser
          keeps it and sends it with every request.</p>
        <label for="key-input">Key</label>
        <input id="key-input" type="password" autocomplete="current-password" required>
        <button class="primary" type="submit">Save the key</button>
      </form>
    </dialog>

    <dialog id="begin-dialog" aria-labelledby="begin-title">
      <form id="begin-form" class="dialog-form">
        <h2 id="begin-title">Start timer</h2>
        <label for="begin-input">How long? (8 min, 1h30m, 90s)</label>
        <input id="begin-input" type="text" autocomplete="off" required>
        <p id="begin-error" class="error" role="alert" hidden></p>
        <div class="row">
          <button class="primary" type="submit">Start</button>
          <button id="begin-cancel" type="button">Cancel</button>
        </div>
      </form>
    </dialog>

    <dialog id="settings-dialog" aria-labelledby="settings-title">
      <form method="dialog" class="dialog-form">
        <h2 id="settings-title">Settings</h2>
        <button id="notify-allow" type="button">Show notifications when a timer is done</button>
        <p id="notify-state"></p>
        <button id="sound-test" type="button">Test the alarm sound</button>
        <p id="wake-state"></p>
        <button id="key-forget" type="button">Forget the API key</button>
        <button value="close" type="submit">Close</button>
      </form>
    </dialog>

    """#
}
