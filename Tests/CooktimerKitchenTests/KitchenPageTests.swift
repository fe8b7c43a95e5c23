import Testing

@testable import CooktimerKitchen

/// The page as data: small, self-contained, and never building markup from data. The
/// browser tests (Tests/KitchenPage) check what it does; these check what it is.
@Suite struct KitchenPageTests {
  let html = KitchenPage.html

  @Test func isUnder100KB() {
    #expect(KitchenPage.byteCount < 100_000, "the page is \(KitchenPage.byteCount) bytes")
    #expect(KitchenPage.byteCount == html.utf8.count)
  }

  /// A kitchen may be offline: no script, style, font or image from anywhere else. The SVG
  /// namespace is a name, not an address the browser fetches.
  @Test func referencesNothingOutside() {
    let allowed = ["http://www.w3.org/2000/svg"]
    for scheme in ["http://", "https://"] {
      for offset in occurrences(of: scheme, in: html) {
        let rest = html.utf8.dropFirst(offset)
        let ok = allowed.contains { rest.starts(with: $0.utf8) }
        #expect(ok, "external reference at byte \(offset): \(excerpt(at: offset))")
      }
    }
    for pattern in [" src=", "@import", "url(", "<link rel=\"stylesheet\"", "//cdn"] {
      #expect(occurrences(of: pattern, in: html).isEmpty, "the page holds \(pattern)")
    }
  }

  /// Recipe text goes in as text. No HTML parsing sinks at all, except `innerHTML = ` with
  /// a constant string literal (none today).
  @Test func buildsNoMarkupFromData() {
    #expect(markupSinks(in: html) == [])
  }

  /// The check itself finds what it looks for.
  @Test func markupCheckCatchesData() {
    #expect(markupSinks(in: "a.innerHTML = '<b>x</b>';").isEmpty)
    #expect(markupSinks(in: "a.innerHTML = '';").isEmpty)
    #expect(markupSinks(in: "a.innerHTML = run.recipe;").count == 1)
    #expect(markupSinks(in: "a.innerHTML = `<b>${name}</b>`;").count == 1)
    #expect(markupSinks(in: "a.innerHTML = '<b>' + name;").count == 1)
    #expect(markupSinks(in: "a.insertAdjacentHTML('beforeend', x)").count == 1)
  }

  @Test func hasLanguageAndCharset() {
    #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
    #expect(html.contains("<meta charset=\"utf-8\">"))
    #expect(html.contains("name=\"viewport\""))
  }

  /// One inline stylesheet and one inline script; nothing left of Swift interpolation.
  @Test func isOneSelfContainedDocument() {
    #expect(occurrences(of: "<style>", in: html).count == 1)
    #expect(occurrences(of: "<script>", in: html).count == 1)
    #expect(occurrences(of: "</script>", in: html).count == 1)
    #expect(html.hasSuffix("</html>\n"))
    #expect(occurrences(of: "\\#(", in: html).isEmpty)
  }

  /// The resource files end up in the page whole, in their places.
  @Test func assemblesTheResourceFiles() {
    #expect(
      KitchenPage.assemble(
        shell: "<head><style>\n</style></head><script>\n</script></body>", style: "a{}\n",
        scripts: ["let x;\n", "x = 1;\n"])
        == "<head><style>\na{}\n</style></head><script>\nlet x;\nx = 1;\n</script></body>")
    let style = String(decoding: PackageResources.kitchen_css, as: UTF8.self)
    let last = String(decoding: PackageResources.kitchen_actions_js, as: UTF8.self)
    #expect(html.contains("<style>\n" + style + "</style>\n</head>"))
    #expect(html.contains(last + "</script>\n</body>"))
    #expect(html.contains("<script>\n'use strict';"))
  }

  @Test func etagIsQuotedAndFollowsThePage() {
    #expect(KitchenPage.etag.hasPrefix("\"k-") && KitchenPage.etag.hasSuffix("\""))
    #expect(KitchenPage.etag.count == 20)
    #expect(KitchenPage.fnv1a64Hex("") == "cbf29ce484222325")
    #expect(KitchenPage.fnv1a64Hex("a") == "af63dc4c8601ec8c")
    #expect(KitchenPage.fnv1a64Hex(html + " ") != KitchenPage.fnv1a64Hex(html))
  }

  /// The places `text` parses data as HTML.
  private func markupSinks(in text: String) -> [String] {
    var found: [String] = []
    for sink in ["insertAdjacentHTML", "outerHTML", "document.write", "eval(", "new Function"] {
      found += occurrences(of: sink, in: text).map { _ in sink }
    }
    let literal = try! Regex(#"\s*=\s*(['"])[^'"`${}+]*\1\s*"#)
    for offset in occurrences(of: "innerHTML", in: text) {
      let after = String(decoding: text.utf8.dropFirst(offset + "innerHTML".count), as: UTF8.self)
      let statement = String(after.prefix { $0 != ";" && $0 != "\n" })
      if (try? literal.wholeMatch(in: statement)) == nil { found.append("innerHTML" + statement) }
    }
    return found
  }

  /// Where `needle` starts in `text`, as UTF-8 byte offsets.
  private func occurrences(of needle: String, in text: String) -> [Int] {
    let hay = Array(text.utf8)
    let pin = Array(needle.utf8)
    guard pin.count <= hay.count else { return [] }
    return (0...(hay.count - pin.count)).filter { i in
      hay[i] == pin[0] && Array(hay[i..<(i + pin.count)]) == pin
    }
  }

  private func excerpt(at offset: Int) -> String {
    String(decoding: html.utf8.dropFirst(max(0, offset - 30)).prefix(90), as: UTF8.self)
  }
}
