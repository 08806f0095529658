/// Joins sentences for people to read, so two messages never run together ("Ingen treff Uten …").
package enum Sentences {
  /// `parts` (empty and `nil` ones left out) as one text: a single part as it is; several, each ended with a
  /// full stop unless it already ends in punctuation, separated by a space. `nil` when nothing is left.
  package static func join(_ parts: [String?]) -> String? {
    let present = parts.compactMap { $0?.trimmingWhitespace }.filter { !$0.isEmpty }
    guard present.count > 1 else { return present.first }
    return present.map { part in
      guard let last = part.last, !".!?…:".contains(last) else { return part }
      return part + "."
    }.joined(separator: " ")
  }
}

extension String {
  /// The text without leading and trailing spaces and line breaks.
  fileprivate var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
