"""Browser tests of the kitchen page: headless Chromium driven by Selenium.
Over 300 lines on purpose: one browser session shared by every test (Chromium starts slowly).


    kitchen_test.py --page PAGE.html                 # against the stand-in (standin.py)
    kitchen_test.py --base-url http://127.0.0.1:8417 [--key KEY] [--serve CMD] [--cli CMD]
    ... [--screenshots DIR] [-k PATTERN]

See README.md beside this file. One browser serves every test (Chromium is heavy); each test
starts from an empty server and a fresh page with nothing in localStorage.
"""

import argparse
import os
import re
import sys
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from backends import SKEW_MS, RealBackend, StandInBackend

OPTIONS = argparse.Namespace()


def make_driver(autoplay=True, extra=()):
    """`autoplay`: lift the browser's autoplay rule, so an alarm sounds without a tap (the
    sound-unlock test runs a browser that keeps the rule, as a real one does). `extra`: more
    command-line switches."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    args = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
            "--window-size=1024,768", "--lang=en-US", *extra]
    if autoplay:
        args.append("--autoplay-policy=no-user-gesture-required")
    for arg in args:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The Debian driver, named, so Selenium Manager never downloads one.
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def seconds(text):
    """"4:59" → 299, "1:02:03" → 3723."""
    parts = [int(p) for p in text.strip().split(":")]
    total = 0
    for p in parts:
        total = total * 60 + p
    return total


class KitchenPageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if OPTIONS.base_url:
            cls.backend = RealBackend(OPTIONS.base_url, OPTIONS.key, OPTIONS.serve, OPTIONS.cli,
                                     OPTIONS.page)
        else:
            cls.backend = StandInBackend(OPTIONS.page)
        cls.driver = make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.backend.close()

    def setUp(self):
        self.backend.reset()
        self.set_viewport(1024, 768)
        self.set_dark(False)
        self.open_page(clear=True)

    def tearDown(self):
        # The page's own errors are test failures too.
        errors = [e["message"] for e in self.driver.get_log("browser")
                  if e["level"] == "SEVERE" and "favicon" not in e["message"]
                  and "Failed to load resource" not in e["message"]]
        self.assertEqual(errors, [], "the page logged errors")

    # ---- Helpers ---------------------------------------------------------------------
    def open_page(self, clear=False, wait_live=True, keep_key=True):
        """The page afresh; `clear` empties localStorage, but for the server's key (as if
        typed once before) unless `keep_key` is false."""
        d = self.driver
        d.get(self.backend.page_url + "/")
        if clear:
            d.execute_script("localStorage.clear()")
            if keep_key and self.backend.key:
                d.execute_script("localStorage.setItem('cooktimer.apiKey', arguments[0])",
                                 self.backend.key)
            d.get(self.backend.page_url + "/")
        if wait_live:
            self.wait_for(lambda: self.conn_state() == "live", 10, "the page never went live")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait_for(self, check, timeout=5.0, message="timed out"):
        deadline = time.time() + timeout
        while True:
            try:
                value = check()
                if value:
                    return value
            except (NoSuchElementException, StaleElementReferenceException):
                pass
            if time.time() > deadline:
                self.fail(message)
            time.sleep(0.03)

    def conn_state(self):
        return self.driver.find_element(By.ID, "conn").get_attribute("data-state")

    def card(self, run_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'.card[data-run="{run_id}"]')

    def wait_card(self, run_id, timeout=5):
        return self.wait_for(lambda: self.card(run_id), timeout, f"no card for {run_id}")

    def text(self, run_id, selector):
        # A card is rebuilt when its run changes; a read that lands on the old one reads again.
        for attempt in range(5):
            try:
                return self.card(run_id).find_element(By.CSS_SELECTOR, selector).get_attribute(
                    "textContent")
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
                time.sleep(0.05)

    def digits(self, run_id, number=1):
        return self.text(run_id, f'.timer[data-timer="{number}"] .digits')

    def click(self, run_id, action):
        # A card is rebuilt when its run changes; a click that lands on the old one retries.
        for attempt in range(5):
            try:
                button = self.card(run_id).find_element(By.CSS_SELECTOR,
                                                        f'[data-action="{action}"]')
                button.click()
                return
            except StaleElementReferenceException:
                time.sleep(0.05)
        self.fail(f"could not click {action}")

    def start_run(self, recipe):
        status, run = self.backend.api("POST", "/v1/runs", {"recipe": recipe})
        self.assertEqual(status, 201, run)
        return run

    def start_from_page(self, search, recipe):
        d = self.driver
        d.find_element(By.ID, "start-open").click()
        d.find_element(By.ID, "recipe-search").send_keys(search)
        button = self.wait_for(lambda: d.find_element(
            By.CSS_SELECTOR, f'#recipe-list [data-recipe="{recipe}"]'), 5, "recipe not listed")
        button.click()
        self.wait_for(lambda: not d.find_element(By.ID, "start-dialog").get_attribute("open"))
        return self.wait_for(lambda: d.find_element(By.CSS_SELECTOR, ".card").get_attribute(
            "data-run"), 5, "no card after starting")

    def set_viewport(self, width, height, mobile=False):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def set_dark(self, dark):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    # ---- The tests -------------------------------------------------------------------
    def test_countdown_falls_from_the_end_date(self):
        run_id = self.start_from_page("spag", "pasta")
        first = seconds(self.wait_for(lambda: self.digits(run_id)))
        # The server's clock is five minutes ahead; corrected, 5:00 shows as 5:00 or 4:59.
        self.assertIn(first, (299, 300))
        time.sleep(2.2)
        later = seconds(self.digits(run_id))
        self.assertTrue(first - 4 <= later <= first - 2, (first, later))
        offset = self.js("return window.__cooktimer.serverClock.offset")
        if isinstance(self.backend, StandInBackend):
            self.assertLess(abs(offset - SKEW_MS), 1500, offset)
        self.assertEqual(self.text(run_id, ".badge"), "Running")
        self.assertEqual(self.text(run_id, ".stepno"), "Step 1 of 3")

    def test_pause_elsewhere_shows_within_a_second(self):
        run = self.start_run("pasta")
        self.wait_card(run["id"])
        began = time.time()
        self.backend.pause_elsewhere(run["id"])
        self.wait_for(lambda: self.text(run["id"], ".badge") == "Paused", 1.0,
                      "Paused did not show within 1 s")
        shown = time.time() - began
        self.assertEqual(self.card(run["id"]).get_attribute("data-phase"), "paused")
        self.assertEqual(self.text(run["id"], ".timer .tstate"), "Paused")
        frozen = self.digits(run["id"])
        time.sleep(1.2)
        self.assertEqual(self.digits(run["id"]), frozen)
        self.click(run["id"], "resume")
        self.wait_for(lambda: self.text(run["id"], ".badge") == "Running", 2)
        print(f"  paused elsewhere → shown in {shown * 1000:.0f} ms", file=sys.stderr)

    def test_two_second_timer_rings_until_acknowledged(self):
        run_id = self.start_from_page("tea", "quick")
        card = self.wait_card(run_id)
        self.wait_for(lambda: card.get_attribute("data-alarm") == "ringing", 5,
                      "the alarm never rang")
        audio = self.wait_for(lambda: self.js(
            "const a = window.__cooktimerAudio;"
            "return a.started && a.ringing ? {state: a.context.state, n: a.patterns} : null"),
            3, "the Web Audio graph did not start")
        self.assertEqual(audio["state"], "running")
        self.assertEqual(self.text(run_id, ".timer .tstate"), "Done")
        # Done counts up: "+0:00 over" at the end, "+0:01 over" a second later.
        self.assertRegex(self.digits(run_id), r"^\+0:0[0-4] over$")
        time.sleep(1.8)  # it repeats
        self.assertGreater(self.js("return window.__cooktimerAudio.patterns"), audio["n"])
        self.click(run_id, "acknowledge")
        self.wait_for(lambda: self.card(run_id).get_attribute("data-alarm") == "quiet", 1)
        self.assertFalse(self.js("return window.__cooktimerAudio.ringing"))
        if self.backend.acknowledged(run_id) is not None:
            self.wait_for(lambda: self.backend.acknowledged(run_id), 2, "no acknowledge sent")
        # A reload does not ring again for what was heard.
        self.open_page()
        time.sleep(0.6)
        self.assertEqual(self.wait_card(run_id).get_attribute("data-alarm"), "quiet")

    def test_acknowledged_elsewhere_silences_the_page(self):
        run = self.start_run("quick")
        card = self.wait_card(run["id"])
        self.wait_for(lambda: card.get_attribute("data-alarm") == "ringing", 5)
        began = time.time()
        self.backend.acknowledge_elsewhere(run["id"])
        self.wait_for(lambda: not self.js("return window.__cooktimerAudio.ringing"), 1.0,
                      "an acknowledgement from elsewhere did not silence the page within 1 s")
        print(f"  acknowledged elsewhere → silent in {(time.time() - began) * 1000:.0f} ms",
              file=sys.stderr)
        self.assertEqual(self.card(run["id"]).get_attribute("data-alarm"), "quiet")
        self.assertFalse(self.js("return window.__cooktimerAudio.ringing"))

    def test_recipe_markup_renders_as_text(self):
        run = self.start_run("xss")
        self.wait_card(run["id"])
        self.wait_for(lambda: self.card(run["id"]).find_elements(By.CSS_SELECTOR,
                                                                  "[data-action=steps]"),
                      5, "the recipe's steps never showed")
        self.open_page()  # and once more from the resync, not only from the start answer
        self.wait_card(run["id"])
        self.wait_for(lambda: self.card(run["id"]).find_elements(By.CSS_SELECTOR,
                                                                  "[data-action=steps]"), 5)
        self.click(run["id"], "steps")
        self.wait_for(lambda: self.card(run["id"]).find_elements(By.CSS_SELECTOR, ".steps li"), 2)
        self.assertIsNone(self.js("return window.__xss === undefined ? null : window.__xss"))
        runs = self.driver.find_element(By.ID, "runs")
        for tag in ("img", "script", "b"):
            self.assertEqual(runs.find_elements(By.TAG_NAME, tag), [], tag)
        self.assertIn('<img src=x onerror="window.__xss=1">Evil', self.text(run["id"], "h2"))
        self.assertIn("<script>window.__xss=3</script>", self.text(run["id"], ".step-text"))
        self.assertIn('<img src=x onerror="window.__xss=4">', self.text(run["id"], ".steps li"))
        self.assertIn("<b onmouseover", self.text(run["id"], ".tname"))
        self.assertIsNone(self.card(run["id"]).find_element(By.TAG_NAME, "h2")
                          .get_dom_attribute("lang"))

    def test_recovers_when_the_server_restarts(self):
        if not self.backend.can_restart:
            self.skipTest("this backend cannot be restarted")
        run = self.start_run("pasta")
        self.wait_card(run["id"])
        before = seconds(self.digits(run["id"]))
        self.backend.restart()
        self.wait_for(lambda: self.conn_state() == "live", 20, "the page did not reconnect")
        # The countdown kept going from the end date while the server was away.
        self.assertLess(seconds(self.digits(run["id"])), before)
        began = time.time()
        self.backend.pause_elsewhere(run["id"])
        self.wait_for(lambda: self.text(run["id"], ".badge") == "Paused", 1.5,
                      "a change after the restart did not show")
        print(f"  after a restart: paused → shown in {(time.time() - began) * 1000:.0f} ms",
              file=sys.stderr)

    def test_key_is_asked_once_and_sent_as_a_bearer_header(self):
        self.backend.set_key(self.backend.key or "kitchen-secret-1")
        self.open_page(clear=True, wait_live=False, keep_key=False)
        dialog = self.wait_for(lambda: self.driver.find_element(By.ID, "key-dialog")
                               if self.driver.find_element(By.ID, "key-dialog")
                               .get_attribute("open") is not None else None, 5, "no key asked")
        # The page's own words, never the server's terminal message.
        reason = dialog.find_element(By.ID, "key-reason").text
        self.assertEqual(reason, "This kitchen server lets in only paired screens.")
        self.driver.find_element(By.ID, "key-input").send_keys(self.backend.key + "\n")
        self.wait_for(lambda: self.conn_state() == "live", 10)
        self.open_page()  # kept: no second question
        self.assertIsNone(self.driver.find_element(By.ID, "key-dialog").get_attribute("open"))
        run_id = self.start_from_page("tea", "quick")
        self.assertTrue(run_id)
        if self.backend.sees_requests:
            v1 = [(m, p, h) for m, p, h in self.backend.world.requests if p.startswith("/v1/")]
            authorised = [h.get("Authorization") == "Bearer kitchen-secret-1" for _, _, h in v1]
            self.assertTrue(all(authorised[authorised.index(True):]), "a request lost the key")
            self.assertIn(("GET", "/v1/events"), [(m, p) for m, p, h in v1
                                                  if h.get("Authorization")])
            self.assertFalse(any("Cookie" in h for _, _, h in self.backend.world.requests))
            self.assertFalse(any("kitchen-secret" in p for _, p, _ in v1))

    def test_actions_and_the_servers_messages(self):
        run = self.start_run("pasta")
        rid = run["id"]
        self.wait_card(rid)
        start = seconds(self.digits(rid))
        self.click(rid, "add")
        self.wait_for(lambda: seconds(self.digits(rid)) >= start + 58, 2, "+1 min did not show")
        self.click(rid, "next")
        self.wait_for(lambda: self.text(rid, ".stepno") == "Step 2 of 3", 2)
        names = [e.get_attribute("textContent") for e in
                 self.card(rid).find_elements(By.CSS_SELECTOR, ".tname")]
        self.assertIn("Nudeln", names)
        self.click(rid, "next")
        self.wait_for(lambda: self.text(rid, ".stepno") == "Step 3 of 3", 2)
        self.click(rid, "steps")  # every step, the current one marked
        self.wait_for(lambda: self.text(rid, ".steps li[aria-current=step]")
                      == self.text(rid, ".step-text"), 2)
        self.assertEqual(self.card(rid).find_element(By.TAG_NAME, "h2").get_dom_attribute("lang"),
                         "de-DE")
        # A timer with no length asks for one; the server's refusal shows as it said it.
        timer = self.card(rid).find_element(By.CSS_SELECTOR, ".timer[data-state=waiting]")
        number = timer.get_attribute("data-timer")
        timer.find_element(By.CSS_SELECTOR, "[data-action=begin]").click()
        field = self.driver.find_element(By.ID, "begin-input")
        field.send_keys("banana\n")
        error = self.wait_for(lambda: self.driver.find_element(By.ID, "begin-error").text, 2)
        self.assertIn('"banana" is not', error)
        field.clear()
        field.send_keys("2m\n")
        self.wait_for(lambda: self.digits(rid, number) in ("2:00", "1:59"), 2)
        # Stop asks for a second tap.
        self.click(rid, "stop")
        self.assertEqual(self.text(rid, "[data-action=stop]"), "Stop? Tap again")
        self.click(rid, "stop")
        self.wait_for(lambda: self.text(rid, ".badge") == "Stopped", 2)
        status, doc = self.backend.api("POST", f"/v1/runs/{rid}/pause")
        self.assertEqual(status, 409)
        self.click(rid, "dismiss")
        self.wait_for(lambda: not self.driver.find_elements(By.CSS_SELECTOR, ".card"), 2)

    def test_refusal_message_on_the_card(self):
        if not isinstance(self.backend, StandInBackend):
            self.skipTest("needs a stand-in that can hold an event back")
        run = self.start_run("pasta")
        rid = run["id"]
        self.wait_card(rid)
        # Stopped elsewhere while the page hears nothing: its card is stale, and the 409
        # the server answers to its Pause shows on the card in the server's words.
        world = self.backend.world
        hub, world.hub = world.hub, None
        try:
            world.change(rid, "stop")
        finally:
            world.hub = hub
        self.click(rid, "pause")
        error = self.wait_for(lambda: self.text(rid, ".error"), 5, "no error shown")
        self.assertEqual(error, f"{rid} is stopped: nothing more can change")
        self.assertEqual(self.card(rid).find_element(By.CSS_SELECTOR, ".error")
                         .get_attribute("role"), "alert")

    def test_suggested_time_is_one_tap_away(self):
        run = self.start_run("pasta")
        rid = run["id"]
        self.backend.api("POST", f"/v1/runs/{rid}/next")
        self.backend.api("POST", f"/v1/runs/{rid}/next")
        self.wait_for(lambda: self.text(rid, ".stepno") == "Step 3 of 3", 3)
        # The chip's text, read with the chip found again each time: the card may be rebuilt
        # (an event) between finding the chip and reading it.
        chip_text = self.wait_for(lambda: self.card(rid).find_element(
            By.CSS_SELECTOR, "[data-action=suggested]").text, 5, "no suggested timer")
        self.assertEqual(chip_text, "Start 2 min")
        self.assertEqual(self.wait_for(lambda: self.text(rid, ".step-text mark"), 5,
                                       "no time marked in the step"), "2 Minuten")
        self.click(rid, "suggested")  # (a card rebuilt meanwhile is clicked again)
        self.wait_for(lambda: self.card(rid).find_elements(
            By.CSS_SELECTOR, ".timer[data-state=running]"), 2, "the suggested time did not run")
        if self.backend.sees_requests:  # one tap, its own route, no body (docs/api.md)
            self.assertIn(("POST", f"/v1/runs/{rid}/timers/s1/begin"),
                          [(m, p) for m, p, h in self.backend.world.requests])

    def test_event_parser_and_countdown_format(self):
        events = self.js("""
            const out = [];
            const p = new window.__cooktimer.SSEParser((e) => out.push(e),
                                                       (c) => out.push({comment: c}));
            p.push('\\uFEFFevent: run\\r');
            p.push('\\nid: 7\\r\\ndata: {"a":');
            p.push('1}\\r\\ndata:x\\r\\n\\r\\n: ping\\n\\nevent: fired\\ndata\\n\\n');
            p.push('data: no type\\rid: 8\\r\\r');
            p.push('data: half');
            return out;""")
        self.assertEqual(events, [
            {"type": "run", "data": '{"a":1}\nx', "id": "7"},
            {"comment": "ping"},
            {"type": "fired", "data": "", "id": "7"},
            {"type": "message", "data": "no type", "id": "8"},
        ])
        shown = self.js("const c = window.__cooktimer.countdown;"
                        "return [9001, 10000, 0, -5, 59001, 3600000, 93600000].map(c)")
        self.assertEqual(shown, ["0:10", "0:10", "0:00", "0:00", "1:00", "1:00:00",
                                 "1d 02:00:00"])

    # ---- Issue 22: a kitchen that rings, stays honest, and shows a busy stove -------------
    def live_timers(self):
        """(run id, timer number) of every running, paused or done timer of active runs."""
        status, doc = self.backend.api("GET", "/v1/runs")
        return {(r["id"], t["number"]) for r in doc["runs"] for t in r["timers"]
                if t["state"] in ("running", "paused", "fired")}

    def rect(self, element):
        return self.js("const r = arguments[0].getBoundingClientRect();"
                       "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
                       " h: r.height, vh: innerHeight, vw: innerWidth}", element)

    def font_px(self, element):
        return float(self.js("return parseFloat(getComputedStyle(arguments[0]).fontSize)",
                             element))

    def test_sound_unlock_prompt_before_any_fire(self):
        # A browser with the autoplay rule, as every real one: silent until tapped.
        driver = make_driver(autoplay=False)
        try:
            driver.get(self.backend.page_url + "/")
            if self.backend.key:
                driver.execute_script("localStorage.setItem('cooktimer.apiKey', arguments[0])",
                                      self.backend.key)
                driver.get(self.backend.page_url + "/")
            banner = driver.find_element(By.ID, "sound-unlock")
            self.wait_for(lambda: driver.find_element(By.ID, "conn").get_attribute(
                "data-state") == "live", 10)
            time.sleep(0.5)
            self.assertFalse(banner.is_displayed(), "nothing to ring for, yet a banner")
            run = self.start_run("pasta")  # five minutes: nothing fires during this test
            self.wait_for(lambda: banner.is_displayed(), 3, "no unlock prompt for a live run")
            state = driver.execute_script("const a = window.__cooktimerAudio;"
                                          "return [a.context.state, a.patterns, a.ringing]")
            self.assertEqual(state, ["suspended", 0, False])
            button = driver.find_element(By.ID, "sound-unlock-button")
            self.assertEqual(button.text, "Tap to turn on the alarm sound")
            self.assertGreaterEqual(button.size["height"], 90)
            button.click()
            audio = self.wait_for(lambda: driver.execute_script(
                "const a = window.__cooktimerAudio;"
                "return a.context.state === 'running' && a.chimes > 0 ? a.chimes : 0"), 3,
                "the tap did not start Web Audio with a confirmation")
            self.assertEqual(audio, 1)
            self.wait_for(lambda: not banner.is_displayed(), 2, "the prompt stayed")
            driver.find_element(By.ID, "settings-open").click()
            self.assertEqual(driver.find_element(By.ID, "sound-state").text, "Alarm sound: on.")
            self.backend.api("POST", f"/v1/runs/{run['id']}/stop")
        finally:
            driver.quit()

    def test_wake_lock_and_notifications_on_a_lan_address(self):
        """A tablet on the Wi-Fi: plain HTTP on a LAN name is no secure context, and the
        page says so; over HTTPS (a self-signed certificate the cook accepted, as `serve
        --tls` makes) the wake lock is held."""
        if not isinstance(self.backend, StandInBackend):
            self.skipTest("the stand-in serves TLS here; a real server needs serve --tls")
        import subprocess
        import tempfile
        from standin import StandIn, World
        folder = tempfile.mkdtemp()
        cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj",
                        "/CN=kitchen.lan", "-keyout", key, "-out", cert],
                       check=True, capture_output=True)
        plain = StandIn(OPTIONS.page, World())
        secure = StandIn(OPTIONS.page, World(), tls=(cert, key))
        # kitchen.lan is any LAN name: mapped to this machine; the certificate accepted.
        driver = make_driver(extra=["--host-resolver-rules=MAP kitchen.lan 127.0.0.1",
                                    "--ignore-certificate-errors"])
        try:
            for standin in (plain, secure):
                standin.world.start("pasta")
                scheme = "https" if standin.tls else "http"
                driver.get(f"{scheme}://kitchen.lan:{standin.port}/")
                self.wait_for(lambda: driver.find_element(By.ID, "conn").get_attribute(
                    "data-state") == "live", 10, f"{scheme}: never live")
                self.wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".card"), 5)
                driver.find_element(By.ID, "settings-open").click()
                secure_context = driver.execute_script("return isSecureContext")
                wake = driver.find_element(By.ID, "wake-state").text
                notify = driver.find_element(By.ID, "notify-state").text
                if standin is plain:
                    self.assertFalse(secure_context)
                    self.assertEqual(wake, "Screen: may sleep — the browser keeps it on only for "
                                     "HTTPS pages (start the server with --tls) or on this "
                                     "computer.")
                    self.assertEqual(notify, "Notifications: not available — the browser allows "
                                     "them only on HTTPS (start the server with --tls) or on "
                                     "this computer.")
                else:
                    self.assertTrue(secure_context)
                    state = self.wait_for(lambda: driver.execute_script(
                        "return window.__cooktimerWake.state === 'idle' ? null"
                        " : window.__cooktimerWake.state"), 3)
                    self.assertEqual(state, "held", wake)
                    self.assertEqual(wake, "Screen: kept on while a timer runs.")
        finally:
            driver.quit()
            plain.close()
            secure.close()

    def test_acknowledged_before_the_page_opened_does_not_ring(self):
        self.driver.get("about:blank")
        run = self.start_run("quick")
        time.sleep(2.6)  # the 2 s tea fires with no page open
        self.backend.acknowledge_elsewhere(run["id"])
        status, doc = self.backend.api("GET", f"/v1/runs/{run['id']}")
        self.assertIn("acknowledgedUntil", doc)
        self.open_page(clear=True)  # a screen that never heard of it: no local memory
        card = self.wait_card(run["id"])
        time.sleep(1.2)
        self.assertEqual(card.get_attribute("data-alarm"), "quiet")
        self.assertFalse(self.js("return window.__cooktimerAudio.ringing"))
        self.assertEqual(self.js("return window.__cooktimerAudio.patterns"), 0)

    def test_ten_runs_every_live_timer_in_the_strip(self):
        runs = [self.start_run("pasta" if i % 3 else "quick") for i in range(10)]
        for run in runs[1:4]:
            self.backend.api("POST", f"/v1/runs/{run['id']}/next")  # two timers each
        self.backend.api("POST", f"/v1/runs/{runs[4]['id']}/pause")
        self.open_page()
        time.sleep(2.5)  # the teas are done and count up
        want = self.live_timers()
        self.assertGreaterEqual(len(want), 10)
        items = self.wait_for(lambda: (lambda li: li if len(li) == len(want) else None)(
            self.driver.find_elements(By.CSS_SELECTOR, "#next-list li")), 3,
            "the strip does not hold every live timer")
        got = {(li.get_attribute("data-strip-run"), int(li.get_attribute("data-strip-timer")))
               for li in items}
        self.assertEqual(got, want)
        self.assertEqual(self.js("return scrollY"), 0)
        ends = []
        for li in items:
            digits = li.find_element(By.CSS_SELECTOR, ".ndigits")
            name = li.find_element(By.CSS_SELECTOR, ".nname")
            recipe = li.find_element(By.CSS_SELECTOR, ".nrecipe")
            for part in (digits, name, recipe):
                r = self.rect(part)
                self.assertTrue(0 <= r["top"] and r["bottom"] <= r["vh"] and r["right"] <= r["vw"],
                                f"{part.text!r} is outside the screen: {r}")
                self.assertTrue(part.text.strip())
            # From 2 m: the pot's name at least half the digits' height.
            self.assertGreaterEqual(self.font_px(name), 0.5 * self.font_px(digits) - 0.01)
            self.assertGreaterEqual(self.js("return arguments[0].clientWidth", name),
                                    self.js("return arguments[0].scrollWidth", name) - 1,
                                    f"{name.text} is cut off")
            ends.append(li.get_attribute("data-state"))
        # Done ones (counting up) first, then by end.
        fired = [s for s in ends if s == "fired"]
        self.assertEqual(ends[:len(fired)], fired)
        self.assertTrue(all(d.text.endswith(" over") for d in self.driver.find_elements(
            By.CSS_SELECTOR, "#next-list li[data-state=fired] .ndigits")))
        paused = self.driver.find_elements(By.CSS_SELECTOR, "#next-list li[data-state=paused]")
        self.assertEqual(len(paused), 1)
        bottom = self.rect(self.driver.find_element(By.ID, "next-strip"))["bottom"]
        print(f"  10 runs at 1024×768: {len(items)} timers in the strip, bottom at {bottom:.0f} px",
              file=sys.stderr)

    def test_layouts(self):
        """1, 3 and 10 runs on a landscape tablet, a portrait tablet and a phone: no card
        taller than a tablet's screen (a phone has cook mode for one run); running timers
        louder than waiting and paused ones; names at least half the digits' height."""
        ids = []
        for count in (1, 3, 10):
            while len(ids) < count:
                ids.append(self.start_run("pasta")["id"])
                if len(ids) == 1:
                    self.backend.api("POST", f"/v1/runs/{ids[0]}/next")  # three timers
            self.backend.api("POST", f"/v1/runs/{ids[-1]}/pause")
            for width, height in ((1024, 768), (768, 1024), (390, 844)):
                self.set_viewport(width, height, mobile=width < 500)
                self.open_page()
                self.wait_for(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, ".card"))
                              == count, 5)
                time.sleep(0.3)
                heights = [self.rect(c)["h"] for c in
                           self.driver.find_elements(By.CSS_SELECTOR, ".card")]
                strip = self.rect(self.driver.find_element(By.ID, "next-strip"))
                print(f"  {count} runs at {width}×{height}: cards {min(heights):.0f}–"
                      f"{max(heights):.0f} px tall, strip {strip['h']:.0f} px", file=sys.stderr)
                if width > 500:
                    self.assertLessEqual(max(heights), height, f"a card is taller than {height} px")
                for timer in self.driver.find_elements(By.CSS_SELECTOR, ".card .timer"):
                    digits = timer.find_element(By.CSS_SELECTOR, ".digits")
                    name = timer.find_element(By.CSS_SELECTOR, ".tname")
                    self.assertGreaterEqual(self.font_px(name), 0.5 * self.font_px(digits) - 0.01)
        running = self.driver.find_element(By.CSS_SELECTOR, ".timer[data-state=running] .digits")
        paused = self.driver.find_element(By.CSS_SELECTOR, ".timer[data-state=paused] .digits")
        self.assertLess(self.font_px(paused), self.font_px(running))
        self.assertNotEqual(paused.value_of_css_property("color"),
                            running.value_of_css_property("color"))

    def test_plus_one_minute_changes_that_timer_only(self):
        run = self.start_run("pasta")
        rid = run["id"]
        self.backend.api("POST", f"/v1/runs/{rid}/next")  # Nudeln 10 min and Soße 8 min
        self.wait_for(lambda: self.text(rid, ".stepno") == "Step 2 of 3", 3)

        def ends():
            status, doc = self.backend.api("GET", f"/v1/runs/{rid}")
            return {t["name"]: t.get("endDate") for t in doc["timers"]}

        def number(name):
            return self.js("return Array.from(document.querySelectorAll("
                           "`.card[data-run='${arguments[0]}'] .timer`)).find((t) =>"
                           " t.querySelector('.tname').textContent === arguments[1])"
                           ".dataset.timer", rid, name)

        nudeln, sosse = number("Nudeln"), number("Soße")
        before = ends()
        shown = {n: seconds(self.digits(rid, n)) for n in (nudeln, sosse)}
        self.click(rid, f'add"][data-key="{rid}:t{sosse}:add')
        self.wait_for(lambda: seconds(self.digits(rid, sosse)) >= shown[sosse] + 58, 2,
                      "+1 min did not reach Soße")
        self.assertLessEqual(seconds(self.digits(rid, nudeln)), shown[nudeln])
        after = ends()
        parse = lambda iso: time.mktime(time.strptime(iso[:19], "%Y-%m-%dT%H:%M:%S")) \
            + float("0" + iso[19:-1])
        self.assertEqual(after["Nudeln"], before["Nudeln"])
        self.assertAlmostEqual(parse(after["Soße"]) - parse(before["Soße"]), 60, delta=0.01)
        label = self.card(rid).find_element(By.CSS_SELECTOR, f'[data-key="{rid}:t{sosse}:add"]') \
            .get_attribute("aria-label")
        self.assertEqual(label, "Add one minute to Soße — Spaghetti mit Tomatensoße")

    def test_heartbeat_loss_shows_offline_within_5s(self):
        pasta = self.start_run("pasta")
        tea = self.start_run("quick")
        self.wait_card(tea["id"])
        self.wait_for(lambda: self.js("return window.__cooktimerStream.beats"), 5,
                      "no heartbeat heard")
        began = time.time()
        self.backend.freeze()
        try:
            self.wait_for(lambda: len(self.driver.find_elements(
                By.CSS_SELECTOR, ".card .offline-note")) == 2, 5.5, "offline not shown in 5 s")
            shown = time.time() - began
            self.assertLessEqual(shown, 5.0)
            self.assertEqual(self.conn_state(), "offline")
            # Alarms keep ringing from the end dates the page has.
            self.wait_for(lambda: self.card(tea["id"]).get_attribute("data-alarm") == "ringing", 3)
            # A change tapped now waits with its Idempotency-Key and goes when back.
            self.click(pasta["id"], "pause")
            self.wait_for(lambda: self.text(pasta["id"], ".queued") == "1 change waiting to be sent", 2)
        finally:
            self.backend.thaw()
        self.wait_for(lambda: self.conn_state() == "live", 20, "never live again")
        self.wait_for(lambda: self.text(pasta["id"], ".badge") == "Paused", 5,
                      "the queued pause was not sent")
        self.assertFalse(self.card(pasta["id"]).find_elements(By.CSS_SELECTOR, ".offline-note"))
        if self.backend.sees_requests:
            pauses = [h for m, p, h in self.backend.world.requests
                      if p == f"/v1/runs/{pasta['id']}/pause"]
            self.assertEqual(len(pauses), 1)
            self.assertTrue(pauses[0].get("Idempotency-Key"))
        print(f"  server silent → offline shown in {shown * 1000:.0f} ms", file=sys.stderr)

    def test_pairing_link_keeps_a_key(self):
        code = self.backend.pairing_code()
        self.backend.set_key("kitchen-secret-2")
        d = self.driver
        d.get(self.backend.page_url + "/")
        d.execute_script("localStorage.clear()")
        d.get("about:blank")  # the link opened afresh, as from a QR code
        d.get(self.backend.page_url + f"/#pair={code}")
        self.wait_for(lambda: self.conn_state() == "live", 10, "pairing did not let the page in")
        self.assertEqual(self.js("return localStorage.getItem('cooktimer.apiKey')"),
                         self.backend.key)
        self.assertNotEqual(self.backend.key, "kitchen-secret-2")
        self.assertEqual(self.js("return location.hash"), "")
        self.assertIsNone(d.find_element(By.ID, "key-dialog").get_attribute("open"))
        # The same code again: the page's own words, no raw server message.
        d.execute_script("localStorage.clear()")
        d.get(self.backend.page_url + f"/#pair={code}")
        self.wait_for(lambda: d.find_element(By.ID, "key-dialog").get_attribute("open")
                      is not None, 5, "a used code asked for nothing")
        self.assertEqual(d.find_element(By.ID, "key-reason").text,
                         "This pairing link was used already or has expired (a link is good "
                         "once, for 10 minutes). Ask the computer for a new one.")

    def test_wake_lock_is_not_asked_on_every_tick(self):
        script = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": "window.__wakeAsks = 0; if (navigator.wakeLock) {"
                      " navigator.wakeLock.request = () => { window.__wakeAsks++;"
                      " return Promise.reject(new DOMException('no', 'NotAllowedError')); }; }"})
        try:
            self.open_page()
            self.start_run("pasta")
            time.sleep(3)
            self.assertEqual(self.js("return window.__wakeAsks"), 1)
            self.driver.find_element(By.ID, "settings-open").click()  # a tap: one retry
            self.assertEqual(self.js("return window.__wakeAsks"), 2)
            self.assertEqual(self.driver.find_element(By.ID, "wake-state").text,
                             "Screen: the browser refused to keep it on (NotAllowedError); it "
                             "may sleep. Tapping the page tries again.")
        finally:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                        {"identifier": script["identifier"]})

    def test_ingredients_on_the_card_and_one_tap_away(self):
        run = self.start_run("pasta")
        rid = run["id"]
        self.wait_for(lambda: self.card(rid).find_elements(By.CSS_SELECTOR, ".step-ingredients"),
                      5, "no ingredients on the card")
        self.assertEqual(self.text(rid, ".step-ingredients"), "In this step: 4 l Wasser")
        self.click(rid, "ingredients")
        dialog = self.driver.find_element(By.ID, "ingredients-dialog")
        self.assertIsNotNone(dialog.get_attribute("open"))
        items = [li.text for li in dialog.find_elements(By.CSS_SELECTOR, "li")]
        self.assertEqual(items, ["4 l Wasser", "500 g Spaghetti", "400 ml Tomatensoße",
                                 "1 EL Salz"])

    def test_accessible_names_focus_alerts_and_dialogs(self):
        for _ in range(3):
            self.start_run("pasta")
        tea = self.start_run("quick")
        self.wait_card(tea["id"])
        time.sleep(0.5)
        names = self.js("""return Array.from(document.querySelectorAll(
            '#runs [aria-label], #runs button, #next-list button')).filter((e) => e.offsetParent)
            .map((e) => e.getAttribute('aria-label') || e.textContent)""")
        labelled = self.js("return Array.from(document.querySelectorAll('#runs [aria-label]'))"
                           ".filter((e) => e.offsetParent).map((e) => e.getAttribute('aria-label'))")
        dupes = sorted({n for n in labelled if labelled.count(n) > 1})
        self.assertEqual(dupes, [], "accessible names shared")
        self.assertTrue(names)
        # Fires go to role=alert.
        self.wait_for(lambda: "tea is done" in self.driver.find_element(By.ID, "alert")
                      .get_attribute("textContent"), 4, "the fire was not announced")
        self.assertEqual(self.driver.find_element(By.ID, "alert").get_attribute("role"), "alert")
        self.click(tea["id"], "acknowledge")
        # Focus stays on Pause → Resume.
        rid = self.driver.find_elements(By.CSS_SELECTOR, ".card[data-phase=running]")[0] \
            .get_attribute("data-run")
        self.click(rid, "pause")
        self.wait_for(lambda: self.text(rid, ".badge") == "Paused", 2)
        self.wait_for(lambda: self.js("return document.activeElement.dataset.action") == "resume",
                      2, "the focus left the pressed button")
        self.assertEqual(self.js("return document.activeElement.closest('.card').dataset.run"), rid)
        # The start dialog: Close in view on a phone, and a tap on the backdrop closes it.
        self.set_viewport(390, 844, mobile=True)
        self.driver.find_element(By.ID, "start-open").click()
        dialog = self.driver.find_element(By.ID, "start-dialog")
        self.wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#recipe-list button"), 3)
        close = self.driver.find_element(By.ID, "start-close")
        r = self.rect(close)
        self.assertTrue(0 <= r["top"] and r["bottom"] <= r["vh"], r)
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).move_to_element_with_offset(
            self.driver.find_element(By.TAG_NAME, "body"), 0, 0).move_by_offset(0, 0).perform()
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mousePressed", "x": 4, "y": 830, "button": "left", "clickCount": 1})
        self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": "mouseReleased", "x": 4, "y": 830, "button": "left", "clickCount": 1})
        self.wait_for(lambda: dialog.get_attribute("open") is None, 2,
                      "a tap on the backdrop did not close the dialog")

    def test_cook_mode_shows_one_run(self):
        first = self.start_run("pasta")
        second = self.start_run("pasta")
        self.wait_card(second["id"])
        self.click(first["id"], "cook")
        self.wait_for(lambda: not self.card(second["id"]).is_displayed(), 2)
        step = self.card(first["id"]).find_element(By.CSS_SELECTOR, ".step-text")
        self.assertGreaterEqual(self.font_px(step), 36)
        self.assertFalse(self.driver.find_element(By.ID, "next-strip").is_displayed())
        self.driver.find_element(By.ID, "cook-exit").click()
        self.wait_for(lambda: self.card(second["id"]).is_displayed(), 2)

    def test_screenshots(self):
        if not OPTIONS.screenshots:
            self.skipTest("no --screenshots folder")
        os.makedirs(OPTIONS.screenshots, exist_ok=True)
        ids = []
        for count in (1, 3, 10):
            while len(ids) < count:
                recipe = "quick" if len(ids) == 1 else "pasta"
                ids.append(self.start_run(recipe)["id"])
                if len(ids) in (3, 6):
                    self.backend.api("POST", f"/v1/runs/{ids[-1]}/next")
                if len(ids) in (5, 9):
                    self.backend.api("POST", f"/v1/runs/{ids[-1]}/pause")
            for width, height, name, mobile in [(390, 844, "phone", True),
                                                (1024, 768, "tablet", False)]:
                for dark in (False, True):
                    self.set_viewport(width, height, mobile)
                    self.set_dark(dark)
                    self.open_page()
                    self.wait_for(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, ".card"))
                                  == count, 5)
                    if count > 1:
                        card = self.wait_card(ids[1])
                        self.wait_for(lambda: card.get_attribute("data-alarm") == "ringing", 5)
                    time.sleep(0.4)
                    path = os.path.join(OPTIONS.screenshots, f"kitchen-{name}-{count}-"
                                        f"{'dark' if dark else 'light'}.png")
                    self.driver.save_screenshot(path)
        if len(ids) > 1:
            self.backend.api("POST", f"/v1/runs/{ids[1]}/acknowledge")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page", help="the page file: for the stand-in, or for a proxy in "
                        "front of --base-url when that server does not serve the page yet")
    parser.add_argument("--base-url", help="a real cooktimer serve (the page at /)")
    parser.add_argument("--key", help="its API key, if it needs one")
    parser.add_argument("--serve", help="shell command that runs that server (for restarts)")
    parser.add_argument("--cli", help="one-shot command prefix on its database (`pause RUN`)")
    parser.add_argument("--screenshots", help="folder for the screenshots")
    parser.add_argument("-k", dest="patterns", action="append", help="only tests matching")
    args, rest = parser.parse_known_args()
    if not args.page and not args.base_url:
        parser.error("give --page (stand-in) or --base-url (a real server)")
    OPTIONS.__dict__.update(vars(args))
    argv = [sys.argv[0], "-v"] + rest
    for p in args.patterns or []:
        argv += ["-k", p]
    unittest.main(argv=argv, module=__name__)


if __name__ == "__main__":
    main()
