import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of the harness itself (a deadline passed, the binary is missing, the wire is malformed):
/// thrown so that the test fails with a message saying what was awaited and what arrived instead.
struct HarnessError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// How a child process ended.
enum Termination: Equatable, CustomStringConvertible {
  /// It called `exit` with this status.
  case exited(Int32)
  /// A signal ended it.
  case signalled(Int32)

  var description: String {
    switch self {
    case .exited(let code): "exit code \(code)"
    case .signalled(let signal): "signal \(signal)"
    }
  }
}

/// What a finished one-shot run of `beacon` left behind.
struct CommandResult {
  var termination: Termination
  var stdout: String
  var stderr: String
}
