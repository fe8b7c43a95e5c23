/// Whether two byte strings are equal, in a time that depends on their lengths but not on
/// where they differ: every byte pair is visited and the differences are OR-ed together,
/// with no early exit, so a caller guessing a bearer key learns nothing from the timing of
/// a partly right guess. Lengths still show; compare fixed-length digests (such as the
/// SHA-256 of a key) where the length is secret.
public func constantTimeEquals(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
  let left = Array(a)
  let right = Array(b)
  var difference: UInt8 = left.count == right.count ? 0 : 1
  for index in 0..<max(left.count, right.count) {
    let x = index < left.count ? left[index] : 0
    let y = index < right.count ? right[index] : 0
    difference |= x ^ y
  }
  return difference == 0
}
