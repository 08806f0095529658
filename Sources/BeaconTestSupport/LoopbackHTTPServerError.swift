/// A failure to set up a ``LoopbackHTTPServer`` or to probe a loopback port.
package struct LoopbackHTTPServerError: Error, CustomStringConvertible, Sendable {
  /// The system call that failed, e.g. `bind`.
  package let operation: String
  /// The `errno` it left behind.
  package let code: Int32

  /// Creates an error for `operation` that failed with `code`.
  package init(operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  package var description: String { "\(operation) failed with errno \(code)" }
}
