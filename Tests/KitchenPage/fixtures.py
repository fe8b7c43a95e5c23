"""The recipes the browser tests use, as `show --json` documents (README "JSON output").

Recipes/*.cook holds the same recipes in Cooklang for a real `cooktimer serve`; keep the two
alike (names, step counts, timer lengths).
"""

QUICK = {
    "name": "Quick Tea", "file": "quick.cook", "metadata": {"title": "Quick Tea"},
    "steps": [
        {"number": 1, "text": "Steep the tea for 2 seconds.",
         "timers": [{"name": "tea", "seconds": 2, "quantity": "2", "unit": "seconds",
                     "start": "withStep"}],
         "suggestedTimers": []},
    ],
    "warnings": [],
}

_REST = "Lass alles 2 Minuten ruhen und serviere."


def _ingredient(name, quantity, unit, amount):
    """An ingredient as the recipe document has it (docs/recipes.md)."""
    return {"name": name, "quantity": quantity, "unit": unit, "amount": amount}


_WASSER = _ingredient("Wasser", "4", "l", 4)
_SPAGHETTI = _ingredient("Spaghetti", "500", "g", 500)
_SOSSE = _ingredient("Tomatensoße", "400", "ml", 400)
_SALZ = _ingredient("Salz", "1", "EL", 1)
PASTA = {
    "name": "Spaghetti mit Tomatensoße", "file": "pasta.cook",
    "metadata": {"title": "Spaghetti mit Tomatensoße", "locale": "de_DE"},
    "steps": [
        {"number": 1, "text": "Bringe Wasser in einem großen Topf zum Kochen.",
         "timers": [{"name": "Wasser", "seconds": 300, "quantity": "5", "unit": "minutes",
                     "start": "withStep"}],
         "suggestedTimers": [], "ingredients": [_WASSER]},
        {"number": 2, "text": "Koche die Spaghetti und erhitze gleichzeitig die Tomatensoße."
                              " Salze mit Salz.",
         "timers": [{"name": "Nudeln", "seconds": 600, "quantity": "10", "unit": "minutes",
                     "start": "withStep"},
                    {"name": "Soße", "seconds": 480, "quantity": "8", "unit": "minutes",
                     "start": "withPrevious"}],
         "suggestedTimers": [], "ingredients": [_SPAGHETTI, _SOSSE, _SALZ]},
        {"number": 3, "text": _REST,
         "timers": [{"name": "ruhen", "seconds": None, "quantity": "", "unit": "",
                     "start": "withStep"}],
         "suggestedTimers": [{"label": "s1", "text": "2 Minuten", "from": _REST.index("2"),
                              "to": _REST.index("2") + len("2 Minuten"), "seconds": 120}],
         "ingredients": []},
    ],
    "ingredients": [_WASSER, _SPAGHETTI, _SOSSE, _SALZ],
    "warnings": [],
}

_EVIL_TITLE = '<img src=x onerror="window.__xss=1">Evil <script>window.__xss=2</script>'
XSS = {
    "name": _EVIL_TITLE, "file": "xss.cook",
    "metadata": {"title": _EVIL_TITLE, "locale": '"><script>window.__xss=5</script>'},
    "steps": [
        {"number": 1,
         "text": 'Stir <script>window.__xss=3</script> and <img src=x onerror="window.__xss=4">.',
         "timers": [{"name": "<b onmouseover=\"window.__xss=6\">stir</b>", "seconds": 600,
                     "quantity": "10", "unit": "minutes", "start": "withStep"}],
         "suggestedTimers": []},
    ],
    "warnings": [],
}

RECIPES = {"quick": QUICK, "pasta": PASTA, "xss": XSS}


def listing():
    """`recipes --json`."""
    return {"recipes": [
        {"file": doc["file"], "name": name, "title": doc["name"], "steps": len(doc["steps"]),
         "timers": sum(len(s["timers"]) for s in doc["steps"]), "errors": [], "warnings": []}
        for name, doc in sorted(RECIPES.items())]}
