import CooktimerCore

// libFuzzer entry for the Cooklang parser (run.sh builds it): any bytes are a recipe file;
// the parser must return, with a recipe exactly when it reports no error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let result = Cooklang.parse(bytes: bytes, file: "f.cook")
  precondition((result.recipe == nil) == !result.errors.isEmpty)
  for step in result.recipe?.steps ?? [] {
    precondition(step.timers.allSatisfy { ($0.duration ?? 0) >= 0 })
  }
  return 0
}
