import CooktimerCore

@testable import CooktimerCLI

// libFuzzer entry for the command-line parser (run.sh builds it): the input split at NUL
// bytes is an argument vector, and the whole input a REPL line; both go through the
// binary's parser, and every error must map to one line starting `cooktimer: ` of at most
// 511 characters (docs/cli.md §5).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let argv = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  let session = Session(options: GlobalOptions(), environment: [:])
  func check(_ error: any Error) {
    let output = session.failure(error, json: false)
    precondition(output.stderr.count == 1 && output.stderr[0].hasPrefix("cooktimer: "))
    precondition(!output.stderr[0].contains { $0.isNewline } && output.stderr[0].count <= 511)
  }
  do { _ = try CommandParser.parse(argv) } catch { check(error) }
  do {
    _ = try CommandParser.parse(try splitWords(String(decoding: bytes, as: UTF8.self)))
  } catch {
    check(error)
  }
  return 0
}
