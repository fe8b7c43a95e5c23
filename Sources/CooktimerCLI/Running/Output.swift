/// What one command produced: text for stdout and stderr, and its exit status.
public struct Output: Equatable, Sendable {
  public var stdout: String
  public var stderr: [String]
  public var status: Int32

  public init(stdout: String = "", stderr: [String] = [], status: Int32 = 0) {
    self.stdout = stdout
    self.stderr = stderr
    self.status = status
  }
}

/// Exit statuses (sysexits.h), as cli.md "Output and exit status" lists them.
public enum ExitStatus {
  public static let ok: Int32 = 0
  public static let usage: Int32 = 64
  public static let dataError: Int32 = 65
  public static let noInput: Int32 = 66
  public static let software: Int32 = 70
  public static let cannotCreate: Int32 = 73
  public static let ioError: Int32 = 74
  public static let noPermission: Int32 = 77
  public static let interrupted: Int32 = 130
}
