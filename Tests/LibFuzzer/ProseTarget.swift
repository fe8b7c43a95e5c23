import CooktimerCore

// libFuzzer entry for the prose-duration finder (run.sh builds it): any bytes are a step's
// words. The finder must return spans in order, inside the text, never overlapping, with
// lengths of 0…7 days (a longer time, or a number past any Double, is left out: issue 26).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let count = text.count
  var end = 0
  for found in ProseDurations.find(in: text) {
    precondition(found.span.lowerBound >= end && found.span.upperBound <= count)
    precondition((0...ProseDurations.longest).contains(found.duration))
    if let upper = found.upperDuration {
      precondition(upper > found.duration && upper <= ProseDurations.longest)
    }
    end = found.span.upperBound
  }
  for long in ProseDurations.tooLong(in: text) {
    precondition(long.span.upperBound <= count && !long.text.isEmpty)
  }
  return 0
}
