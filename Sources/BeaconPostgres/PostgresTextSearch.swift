import BeaconCore
import Foundation

/// Text search on the PostgreSQL store, with the SQLite store's rule: every word of the query as a prefix of a word
/// of the name, address or cuisine, case, accents and apostrophes ignored.
///
/// Both sides are folded here, in Swift, so the server needs no `unaccent` extension: the stored `search_text` is
/// the folded words joined by spaces, and the query is `to_tsquery('simple', …)` of the folded words as prefixes.
package enum PostgresTextSearch {
  /// The apostrophes text search ignores ("robert's" finds "Robert's Coffee" as "roberts" does).
  static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`", "\u{00B4}"]

  /// `text`'s words, apostrophes dropped, case and accents folded; punctuation and symbols separate words.
  package static func words(_ text: String) -> [String] {
    text.filter { !apostrophes.contains($0) }
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split(whereSeparator: { $0.isWhitespace || $0.isPunctuation || $0.isSymbol })
      .map(String.init)
  }

  /// The text the store indexes for `place`.
  package static func searchText(of place: Place) -> String {
    words([place.name, place.address ?? "", place.cuisine ?? ""].joined(separator: " ")).joined(separator: " ")
  }

  /// A `tsquery` matching every word of `text` as a prefix; `nil` when there are no words. The words hold no
  /// `tsquery` syntax: every punctuation and symbol character separates words.
  package static func query(_ text: String?) -> String? {
    let words = words(text ?? "")
    guard !words.isEmpty else { return nil }
    return words.map { $0 + ":*" }.joined(separator: " & ")
  }
}
