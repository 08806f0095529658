/// How every store reads the text of a search: the words to find, each as a prefix of a word of a place's name,
/// address or cuisine.
///
/// Apostrophes are dropped ("robert's" and "roberts" both find "Robert's Coffee"); whitespace, punctuation, symbols
/// and control characters separate words, as they do in the stores' indexes.
package enum SearchWords {
  /// The apostrophes text search ignores: ' ’ ‘ ʼ ` ´.
  package static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "\u{02BC}", "`", "\u{00B4}"]

  /// `text` without ``apostrophes``.
  package static func withoutApostrophes(_ text: String) -> String {
    text.filter { !apostrophes.contains($0) }
  }

  /// The words of `text` (apostrophes already dropped when they should be), split at every separator.
  package static func split(_ text: String) -> [String] {
    text.split(whereSeparator: isSeparator).map(String.init)
  }

  /// Whether `text` asks for no text filter: missing, empty or only whitespace. Other text with no words ("🍕", "*")
  /// is a filter that no place matches.
  package static func isBlank(_ text: String?) -> Bool {
    text?.allSatisfy(\.isWhitespace) ?? true
  }

  /// Whether `character` separates words.
  private static func isSeparator(_ character: Character) -> Bool {
    character.isWhitespace || character.isPunctuation || character.isSymbol
      || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
