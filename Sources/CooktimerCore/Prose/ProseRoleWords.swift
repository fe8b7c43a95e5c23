/// The words that tell a countdown from other times (``ProseTimeRole``), in English, German
/// and French; docs/recipes.md lists them with examples. All lowercased, one word each
/// (the tokenizer splits "l'avance" into "l", "avance").
enum ProseRoleWords {
  /// Right before the duration: a repeat. "baste every 10 minutes", "each 5 minutes",
  /// "alle 10 Minuten umrühren", "chaque 5 minutes" ("toutes les" is checked apart).
  static let every: Set<String> = [
    "every", "each", "alle", "jede", "jeden", "jedes", "chaque",
  ]

  /// Just after the duration: a step size. "in 20 second increments", "at 30-second
  /// intervals", "in 30 second bursts", "in Abständen", "par intervalles".
  static let steps: Set<String> = [
    "increments", "increment", "intervals", "interval", "bursts", "burst", "spurts",
    "abständen", "intervallen", "intervalles", "intervalle",
  ]

  /// Anywhere in the sentence: the time food keeps or holds. "Store leftovers in the fridge
  /// for up to 3 days", "it keeps 2–3 days", "keeps warm for 30 minutes", "will hold for an
  /// hour", "im Kühlschrank 3 Tage haltbar", "se conserve 3 jours".
  static let keeping: Set<String> = [
    "store", "stored", "stores", "storing", "keeps", "kept", "leftovers", "leftover", "lasts",
    "shelf", "aufbewahren", "aufbewahrt", "aufbewahrung", "haltbar", "hält", "lagern",
    "gelagert", "warmhalten", "conserver", "conserve", "conservent", "conservation",
  ]

  /// With "warm" in the sentence: a hold window. "keep warm for up to 30 minutes", "hold
  /// warm", "warm halten", "garder au chaud" (with "chaud").
  static let holdVerbs: Set<String> = ["keep", "hold", "holds", "halten", "garder", "maintenir"]
  static let warm: Set<String> = ["warm", "chaud"]

  /// With a duration of a day or more, anywhere in the sentence: keeping, not waiting.
  /// "Keep in the fridge 3 days", "will last 2 weeks", "im Kühlschrank 2 Tage", "garder 3
  /// jours".
  static let keepVerbs: Set<String> = [
    "keep", "last", "fridge", "refrigerator", "refrigerated", "freezer", "frozen", "freeze",
    "airtight", "kühlschrank", "halten", "einfrieren", "garder", "garde", "réfrigérateur",
    "frigo", "congélateur", "congeler",
  ]

  /// Right after the duration: counted back from something. "up to 2 days ahead", "30
  /// minutes beforehand", "eine Stunde vorher", "la veille" is a day word not a duration.
  static let ahead: Set<String> = [
    "ahead", "beforehand", "earlier", "prior", "vorher", "zuvor", "auparavant",
  ]

  /// Right before the duration: a window inside another time. "keep covered for the first
  /// 30 minutes", "uncover for the last 10 minutes", "die letzten 5 Minuten", "les dernières
  /// minutes".
  static let window: Set<String> = [
    "first", "last", "final", "ersten", "letzten", "premières", "dernières", "premiers",
    "derniers",
  ]

  /// Right after the duration: a difference, not a wait. "2 minutes less than the
  /// packet says", "2 minutes de moins", "2 Minuten weniger".
  static let difference: Set<String> = ["less", "shorter", "fewer", "moins", "weniger", "kürzer"]

  /// Right after the duration: "30 minutes before serving" is an offset, unless the words
  /// before it wait ("let rest 10 minutes before slicing" is a countdown).
  static let before: Set<String> = ["before", "vor", "avant"]

  /// Verbs of waiting or cooking: a duration followed by "before" is still a countdown
  /// after them.
  static let waits: Set<String> = [
    "for", "rest", "stand", "sit", "cool", "chill", "set", "rise", "proof", "prove",
    "marinate", "soak", "steep", "bake", "cook", "simmer", "boil", "fry", "roast", "steam",
    "grill", "broil", "toast", "saute", "sauté", "brown", "sear", "knead", "whisk", "beat",
    "mix", "blend", "process", "heat", "microwave", "refrigerate", "freeze", "let", "leave",
    "drain", "reduce", "braise", "poach", "infuse", "wait", "thaw", "defrost", "auftauen",
    "décongeler",
    "lassen", "ruhen", "backen", "kochen", "garen", "braten", "köcheln", "ziehen",
    "abkühlen", "gehen", "rühren", "laisser", "reposer", "cuire", "mijoter", "refroidir",
    "pendant", "während", "für",
  ]

  /// A minimum just before the duration: waited for even in a keeping sentence ("store in
  /// the fridge for at least 6 hours").
  static let atLeast: [[String]] = [["at", "least"], ["mindestens"], ["au", "moins"]]

  /// Words of a clause that has no verb of its own: ", about 5 minutes".
  static let approximately: Set<String> = [
    "about", "approximately", "around", "roughly", "another", "then", "ca", "etwa", "circa",
    "rund", "environ", "puis",
  ]

  /// Before a duration said again: "Once it has rested for 10 minutes", "after 10
  /// minutes", "nach 10 Minuten", "après 10 minutes".
  static let lookBack: Set<String> = [
    "once", "after", "when", "has", "have", "had", "been", "these", "this", "those", "nach",
    "après", "fois", "diese", "dieser", "ces", "cette",
  ]
}
