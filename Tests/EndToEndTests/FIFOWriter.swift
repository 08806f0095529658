import Foundation

/// The writing end of a FIFO that a child process reads, with a deadline on every wait, so a child that never opens
/// it or stops reading fails the test instead of hanging it.
final class FIFOWriter {
  /// Why the writer gave up.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private var descriptor: Int32

  /// Opens `path` for writing once a reader has it open, waiting up to `timeout` seconds for one.
  init(path: String, timeout: Double) throws {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      // Without a reader, a non-blocking open for writing fails with ENXIO instead of waiting.
      descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if descriptor >= 0 { return }
      guard errno == ENXIO, Date() < deadline else {
        throw Failure(description: "no reader opened \(path) (errno \(errno))")
      }
      usleep(10_000)
    }
  }

  /// Writes all of `bytes`, waiting up to `timeout` seconds in all for the reader to take them.
  func write(_ bytes: [UInt8], timeout: Double) throws {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written > 0 {
        offset += written
        continue
      }
      guard written < 0, errno == EAGAIN || errno == EINTR else {
        throw Failure(description: "the reader went away after \(offset) of \(bytes.count) bytes (errno \(errno))")
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { throw Failure(description: "the reader took \(offset) of \(bytes.count) bytes in time") }
      var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&request, 1, Int32(min(left, 1) * 1000))
    }
  }

  /// Closes the writing end: the reader sees the end of the input.
  func close() {
    guard descriptor >= 0 else { return }
    _ = Foundation.close(descriptor)
    descriptor = -1
  }

  deinit { close() }
}
