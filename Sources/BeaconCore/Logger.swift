import Foundation

/// Beacon's log: one line per event on stderr, never on stdout (stdout is the wire).
///
/// Levels follow sourcekit-lsp: `fault` is a bug in Beacon, `error` is bad input or an upstream
/// failure, then `warning`, `info` and `debug`. Nothing secret is ever passed to it: the API key is an
/// ``APIKey``, which prints as `•••`.
package struct Logger: Sendable {
  /// How important a log line is.
  package enum Level: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error, fault

    package static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Reads `debug`, `info`, `warning`, `error` or `fault`.
    package init?(name: String) {
      guard let level = Level.allCases.first(where: { "\($0)" == name.lowercased() }) else { return nil }
      self = level
    }
  }

  /// Lines below this level are dropped.
  package var minimumLevel: Level
  /// Where lines go, unfiltered: also used for messages addressed to a person at the terminal.
  package let sink: @Sendable (String) -> Void

  /// Creates a logger writing to `sink` (stderr by default).
  package init(minimumLevel: Level = .warning, sink: @escaping @Sendable (String) -> Void = Logger.standardError) {
    self.minimumLevel = minimumLevel
    self.sink = sink
  }

  /// Writes `line` and a newline to file descriptor 2.
  package static let standardError: @Sendable (String) -> Void = { line in
    writeAll(Array((line + "\n").utf8), to: 2)
  }

  /// Writes `bytes` whole to `descriptor`, retrying on `EINTR` and short writes; gives up on other errors (a
  /// closed or broken stream must not stop the program).
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  /// Logs `message` at `level`.
  package func log(_ level: Level, _ message: @autoclosure () -> String) {
    guard level >= minimumLevel else { return }
    sink("beacon \(level): \(message())")
  }

  /// Logs a bug in Beacon.
  package func fault(_ message: @autoclosure () -> String) { log(.fault, message()) }
  /// Logs bad input or an upstream failure.
  package func error(_ message: @autoclosure () -> String) { log(.error, message()) }
  /// Logs something the user may want to know.
  package func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  /// Logs normal operation.
  package func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  /// Logs detail for debugging.
  package func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}
