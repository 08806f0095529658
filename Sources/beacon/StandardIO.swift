import Foundation

/// Keeps stdout for the protocol alone.
enum StandardIO {
  /// The descriptors the protocol uses after ``protect()``.
  struct WireDescriptors {
    let input: Int32
    let output: Int32
  }

  /// Moves the real stdin and stdout to private descriptors and points fd 0 at `/dev/null` and fd 1 at
  /// stderr, so that a stray `print` (ours, a library's or a child's) can never corrupt the stream.
  /// Also ignores SIGPIPE, so a vanished client is a write error, not a crash.
  static func protect() -> WireDescriptors {
    signal(SIGPIPE, SIG_IGN)
    fflush(nil)
    let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
    let input = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
    if output >= 0 { dup2(STDERR_FILENO, STDOUT_FILENO) }
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    if input >= 0, null >= 0 {
      dup2(null, STDIN_FILENO)
      close(null)
    }
    return WireDescriptors(input: input >= 0 ? input : STDIN_FILENO, output: output >= 0 ? output : STDOUT_FILENO)
  }
}
