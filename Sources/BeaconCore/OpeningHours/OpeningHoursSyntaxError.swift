/// Why an `opening_hours` value could not be read, and where (a character offset): for logs and tests,
/// never shown as an error to users, who see the raw value instead.
package struct OpeningHoursSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in English, e.g. `unexpected '.'`.
  package var reason: String
  /// The character offset where reading stopped.
  package var offset: Int

  /// Creates an error.
  init(_ reason: String, at offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  /// `unexpected '.' at 19`.
  package var description: String { "\(reason) at \(offset)" }
}
