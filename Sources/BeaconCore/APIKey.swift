import Foundation

/// A Geoapify API key that cannot leak by accident: it prints as `•••` and is only readable
/// through ``revealedForRequest``, which the HTTP client uses to fill the `x-api-key` header.
package struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  private let value: String
  /// Where the user gave the key, as they name it (`GEOAPIFY_API_KEY`, `initializationOptions.geoapify.apiKey`): a
  /// key Geoapify refuses is to be checked there.
  package let source: String

  /// Wraps `value`, given at `source`; `nil` when it is empty or only whitespace.
  package init?(_ value: String, source: String = "GEOAPIFY_API_KEY") {
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    self.value = trimmed
    self.source = source
  }

  /// The key itself, for the one place that must send it.
  package var revealedForRequest: String { value }

  package var description: String { "•••" }
  package var debugDescription: String { "APIKey(•••)" }
}
