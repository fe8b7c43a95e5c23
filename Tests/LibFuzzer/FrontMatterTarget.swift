import CooktimerCore

// libFuzzer entry for YAML front matter (run.sh builds it): any bytes between two `---`
// lines. The parse must return with the steps read whatever the YAML holds, and metadata of
// at most 10,000 values, 64 levels deep, aliases expanded (issue 26: "billion laughs").
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let yaml = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let result = Cooklang.parse("---\n\(yaml)\n---\nBoil ~{5%min}.\n", file: "f.cook")
  precondition((result.recipe == nil) == !result.errors.isEmpty)
  var nodes = 0
  func walk(_ value: MetadataValue, depth: Int) {
    nodes += 1
    precondition(depth <= 64 && nodes <= 10_000)
    switch value {
    case .string: break
    case .list(let items): for item in items { walk(item, depth: depth + 1) }
    case .map(let entries): for entry in entries { walk(entry.value, depth: depth + 1) }
    }
  }
  // The front matter is a map (level 1); its values start at level 2.
  for entry in result.document.metadata { walk(entry.value, depth: 2) }
  return 0
}
