#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that takes connections and never says a word: the kernel completes each handshake from
/// the listen backlog, and nothing ever reads or answers. A client without a timeout waits on it forever.
package final class SilentListener: @unchecked Sendable {
  /// The port to connect to.
  package let port: UInt16
  private let fd: Int32

  /// Starts listening on an ephemeral port.
  package init() throws {
    (fd, port) = try LoopbackSocket.listening()
  }

  deinit {
    close(fd)
  }
}
