#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers around the socket calls the loopback server needs; all descriptors are IPv4 TCP on 127.0.0.1.
enum LoopbackSocket {
  /// What ``waitReadable(_:wake:timeoutMilliseconds:)`` saw.
  enum Readiness {
    /// `fd` has data (or end of stream) to read.
    case readable
    /// The wake descriptor fired: the server is stopping.
    case woken
    /// The timeout passed first.
    case timedOut
  }

  /// A new TCP socket bound to 127.0.0.1 on `port` (0 picks an ephemeral port), and the port it got.
  static func bound(port: UInt16 = 0) throws -> (fd: Int32, port: UInt16) {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw LoopbackHTTPServerError(operation: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(port).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bindResult = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bindResult == 0 else {
      let code = errno
      close(fd)
      throw LoopbackHTTPServerError(operation: "bind", code: code)
    }
    var bound = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let nameResult = withUnsafeMutablePointer(to: &bound) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard nameResult == 0 else {
      let code = errno
      close(fd)
      throw LoopbackHTTPServerError(operation: "getsockname", code: code)
    }
    return (fd, UInt16(bigEndian: bound.sin_port))
  }

  /// A non-blocking listening socket on 127.0.0.1 and an ephemeral port.
  static func listening() throws -> (fd: Int32, port: UInt16) {
    let (fd, port) = try bound()
    guard listen(fd, 128) == 0 else {
      let code = errno
      close(fd)
      throw LoopbackHTTPServerError(operation: "listen", code: code)
    }
    let flags = fcntl(fd, F_GETFL)
    guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
      let code = errno
      close(fd)
      throw LoopbackHTTPServerError(operation: "fcntl", code: code)
    }
    return (fd, port)
  }

  /// A pipe whose read end becomes readable (end of file) for good once its write end is closed.
  static func wakePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw LoopbackHTTPServerError(operation: "pipe", code: errno) }
    return (fds[0], fds[1])
  }

  /// Disables Nagle's algorithm so that partial writes reach the client at once.
  static func setNoDelay(_ fd: Int32) {
    var one: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Waits until `fd` is readable, `wake` fires or `timeoutMilliseconds` pass (-1: no timeout).
  ///
  /// `fd` may be -1 to wait only for `wake` (a sleep that stopping the server cuts short).
  static func waitReadable(_ fd: Int32, wake: Int32, timeoutMilliseconds: Int32 = -1) -> Readiness {
    var fds = [
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
    ]
    let count = fd >= 0 ? 2 : 1
    while true {
      let result = poll(&fds, nfds_t(count), timeoutMilliseconds)
      if result < 0 {
        if errno == EINTR { continue }
        return .woken
      }
      if result == 0 { return .timedOut }
      if fds[0].revents != 0 { return .woken }
      return .readable
    }
  }

  /// Sleeps for `seconds`; returns `false` if `wake` fired first.
  static func sleep(seconds: Double, wake: Int32) -> Bool {
    var remaining = seconds
    while remaining > 0 {
      let slice = min(remaining, 60)
      let started = ContinuousClock.now
      switch waitReadable(-1, wake: wake, timeoutMilliseconds: Int32((slice * 1000).rounded(.up))) {
      case .woken, .readable: return false
      case .timedOut: break
      }
      let elapsed = ContinuousClock.now - started
      remaining -= Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
    return true
  }

  /// Receives what is available after waiting for it; `nil` at end of stream, on error or when `wake` fires.
  static func receive(_ fd: Int32, wake: Int32) -> [UInt8]? {
    guard case .readable = waitReadable(fd, wake: wake) else { return nil }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = recv(fd, &chunk, chunk.count, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      return Array(chunk[0..<count])
    }
  }

  /// Sends all of `bytes`; `false` if the peer went away (never raises `SIGPIPE`).
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { buffer in
        send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}
