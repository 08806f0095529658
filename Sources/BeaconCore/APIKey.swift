import Foundation

/// A Geoapify API key that cannot leak by accident: it prints as `•••` and is only readable
/// through ``revealedForRequest``, which the HTTP client uses to fill the `x-api-key` header.
package struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  private let value: String

  /// Wraps `value`; `nil` when it is empty or only whitespace.
  package init?(_ value: String) {
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    self.value = trimmed
  }

  /// The key itself, for the one place that must send it.
  package var revealedForRequest: String { value }

  package var description: String { "•••" }
  package var debugDescription: String { "APIKey(•••)" }
}
