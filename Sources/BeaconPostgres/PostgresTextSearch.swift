import BeaconCore
import Foundation

/// Text search on the PostgreSQL store, with the SQLite store's rule: every word of the query as a prefix of a word
/// of the name, address or cuisine, case, accents and apostrophes ignored.
///
/// Both sides are folded here, in Swift, so the server needs no `unaccent` extension: the stored `search_text` is
/// the folded words joined by spaces, and the query is `to_tsquery('simple', …)` of the folded words as prefixes.
package enum PostgresTextSearch {
  /// `text`'s words (``SearchWords``), apostrophes dropped, case and accents folded.
  package static func words(_ text: String) -> [String] {
    SearchWords.split(
      SearchWords.withoutApostrophes(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    )
  }

  /// The text the store indexes for `place`.
  package static func searchText(of place: Place) -> String {
    words([place.name, place.address ?? "", place.cuisine ?? ""].joined(separator: " ")).joined(separator: " ")
  }

  /// A `tsquery` matching every word of `text` as a prefix; `nil` for no text filter (``SearchWords/isBlank(_:)``),
  /// and `""` for text with no words, which no place matches (see ``condition(_:parameter:)``). The words hold no
  /// `tsquery` syntax: every punctuation and symbol character separates words.
  package static func query(_ text: String?) -> String? {
    guard !SearchWords.isBlank(text), let text else { return nil }
    return words(text).map { $0 + ":*" }.joined(separator: " & ")
  }

  /// The SQL condition for ``query(_:)``'s `match`, bound as parameter `index`: `false` for text with no words
  /// (`to_tsquery` of nothing would match nothing too, but with a notice on the connection).
  static func condition(_ match: String, parameter index: Int) -> String {
    match.isEmpty ? "false" : "to_tsvector('simple', search_text) @@ to_tsquery('simple', $\(index))"
  }

  /// Whether a favourite whose indexed words are `placeWords` matches the text whose words are `words`; text with no
  /// words matches none.
  static func matches(_ placeWords: [String], words: [String]) -> Bool {
    !words.isEmpty && words.allSatisfy { word in placeWords.contains { $0.hasPrefix(word) } }
  }
}
