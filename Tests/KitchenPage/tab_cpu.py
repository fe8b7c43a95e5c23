"""The kitchen page's own CPU use, for cooktimer-bench: how busy a tab showing live runs
keeps the browser's main thread.

usage: tab_cpu.py URL SECONDS

Opens URL (a server holding the runs to show, say 10) in headless Chromium, waits for the
first countdown, lets it settle for 2 s, then samples the renderer's main-thread task time
(the DevTools Protocol's `Performance.getMetrics` `TaskDuration`: script, style, layout and
paint of this page) over SECONDS of wall time, and prints `tab-cpu PERCENT` (of one core)
and `ticks-per-second N` (countdown text changes seen by a MutationObserver).
"""
import sys
import time

from kitchen_test import make_driver

COUNT_CHANGES = """
window.__changes = 0;
new MutationObserver((list) => { window.__changes += list.length; })
  .observe(document.body, {characterData: true, childList: true, subtree: true});
"""


def task_seconds(driver):
    metrics = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def main():
    url, seconds = sys.argv[1], float(sys.argv[2])
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Performance.enable", {})
        driver.get(url)
        for _ in range(1000):
            if driver.execute_script(
                    "return Array.from(document.querySelectorAll('.card .digits'))"
                    ".some((d) => /\\d:\\d\\d/.test(d.textContent))"):
                break
            time.sleep(0.01)
        else:
            sys.exit("no countdown within the wait")
        time.sleep(2)
        driver.execute_script(COUNT_CHANGES)
        began_task, began = task_seconds(driver), time.monotonic()
        time.sleep(seconds)
        busy, wall = task_seconds(driver) - began_task, time.monotonic() - began
        changes = driver.execute_script("return window.__changes")
        print(f"ticks-per-second {changes / wall:.1f}")
        print(f"tab-cpu {100 * busy / wall:.2f}")
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.stderr = sys.stdout  # the bench keeps stdout only, and shows its last line on failure
    main()
