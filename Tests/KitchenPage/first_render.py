"""Time to first render of the kitchen page on loopback, for cooktimer-bench.

usage: first_render.py URL LOADS

Loads URL (a `cooktimer serve` holding at least one active run) LOADS times in one headless
Chromium, a fresh tab each time, and prints the medians in ms from navigation start:
`first-contentful-paint MS` (the browser's paint timing), `first-card MS` (a run card,
`.card[data-run]`, is in the DOM) and `first-countdown MS` (a countdown shows digits: what a
cook waits for). A MutationObserver installed before the page's own script stamps them, so
polling from here adds nothing to the figures.
"""
import statistics
import sys
import time

from kitchen_test import make_driver

STAMP_CARD = """
new MutationObserver((_, observer) => {
  if (!window.__firstCard && document.querySelector('.card[data-run]')) {
    window.__firstCard = performance.now();
  }
  const digits = Array.from(document.querySelectorAll('.card .digits'));
  if (digits.some((d) => /\d:\d\d/.test(d.textContent))) {
    window.__firstCountdown = performance.now();
    observer.disconnect();
  }
}).observe(document, {childList: true, subtree: true, characterData: true});
"""

READ = """
const paint = performance.getEntriesByName('first-contentful-paint')[0];
return window.__firstCountdown && paint
  ? [paint.startTime, window.__firstCard, window.__firstCountdown] : null;
"""


def main():
    url, loads = sys.argv[1], int(sys.argv[2])
    driver = make_driver()
    try:
        driver.get(url)  # the first load warms the browser's own start-up
        paints, cards, countdowns = [], [], []
        for _ in range(loads):
            # A fresh tab, the old one closed: a page left behind keeps its event stream
            # open, and six of those fill Chromium's connections to the host.
            old = driver.current_window_handle
            driver.switch_to.new_window("tab")
            new = driver.current_window_handle
            driver.switch_to.window(old)
            driver.close()
            driver.switch_to.window(new)
            # Per tab, so it is set again in each.
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STAMP_CARD})
            driver.get(url)
            for _ in range(500):
                found = driver.execute_script(READ)
                if found:
                    break
                time.sleep(0.01)
            else:
                sys.exit("no run card within the wait")
            paints.append(found[0])
            cards.append(found[1])
            countdowns.append(found[2])
        print(f"first-contentful-paint {statistics.median(paints):.1f}")
        print(f"first-card {statistics.median(cards):.1f}")
        print(f"first-countdown {statistics.median(countdowns):.1f}")
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.stderr = sys.stdout  # the bench keeps stdout only, and shows its last line on failure
    main()
