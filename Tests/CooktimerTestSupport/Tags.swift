// Swift Testing is there for `swift test` only: the benchmark, a release executable that
// also links this target, builds without it.
#if canImport(Testing)
  import Testing

  extension Tag {
    /// A test that waits on real time: a server's deadline, a slow client, a process's exit.
    /// Its assertions still check what happened, never how long it took (`swift test --skip
    /// .timing` style filters and CI retries can single these out).
    @Tag public static var timing: Self
  }
#endif
