import CooktimerCLI
import CooktimerService
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a process with `posix_spawn` and waits for it: less overhead of our own than
/// Foundation's `Process`, so the time measured is the child's.
enum Spawn {
  /// Runs `path` with `arguments` and `environment`, stdin from /dev/null and stdout to
  /// `output` (a file path). Returns the exit status and the wall time in ms.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String], output: String
  ) throws -> (status: Int32, milliseconds: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let start = WallClock.monotonic()
    let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard rc == 0 else {
      throw BenchError("cannot start \(path): \(String(cString: strerror(rc)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let ms = Double(WallClock.monotonic() - start) / 1e6
    // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), ms)
  }
}
