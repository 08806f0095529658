/// A failure to set up a ``LoopbackHTTPServer`` or to probe a loopback port.
public struct LoopbackHTTPServerError: Error, CustomStringConvertible, Sendable {
  /// The system call that failed, e.g. `bind`.
  public let operation: String
  /// The `errno` it left behind.
  public let code: Int32

  /// Creates an error for `operation` that failed with `code`.
  public init(operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  public var description: String { "\(operation) failed with errno \(code)" }
}
