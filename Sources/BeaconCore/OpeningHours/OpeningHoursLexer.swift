/// Splits an `opening_hours` value into tokens: numbers, words, quoted comments and punctuation.
///
/// Whitespace separates tokens and is otherwise ignored, so `Fr11:00-24:00` and `Fr 11:00 - 24:00` read the
/// same; en and em dashes count as `-`.
enum OpeningHoursLexer {
  /// One token and where it starts (in characters).
  struct Token: Sendable, Equatable {
    /// What a token is.
    enum Kind: Sendable, Equatable {
      /// Digits, with how many there were (`08` has 2, `2024` has 4).
      case number(Int, digits: Int)
      /// Letters, as written.
      case word(String)
      /// The text between double quotes.
      case comment(String)
      /// `||`.
      case fallback
      /// Any other single character: `-` `,` `;` `:` `[` `]` `+` `/` and whatever else the input holds.
      case symbol(Character)
    }

    /// What it is.
    var kind: Kind
    /// Where it starts, in characters.
    var offset: Int
  }

  /// The tokens of `text`.
  static func tokens(_ text: String) throws(OpeningHoursSyntaxError) -> [Token] {
    let characters = Array(text)
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let start = index
      if character.isWhitespace {
        index += 1
      } else if let digit = character.wholeNumberValue, character.isASCII {
        var value = digit
        index += 1
        while index < characters.count, characters[index].isASCII, let next = characters[index].wholeNumberValue {
          guard value < 1_000_000 else { throw OpeningHoursSyntaxError("number too long", at: start) }
          value = value * 10 + next
          index += 1
        }
        tokens.append(Token(kind: .number(value, digits: index - start), offset: start))
      } else if character.isLetter {
        while index < characters.count, characters[index].isLetter { index += 1 }
        tokens.append(Token(kind: .word(String(characters[start..<index])), offset: start))
      } else if character == "\"" {
        guard let close = characters[(index + 1)...].firstIndex(of: "\"") else {
          throw OpeningHoursSyntaxError("a comment without its closing quote", at: start)
        }
        tokens.append(Token(kind: .comment(String(characters[(index + 1)..<close])), offset: start))
        index = close + 1
      } else if character == "|", index + 1 < characters.count, characters[index + 1] == "|" {
        tokens.append(Token(kind: .fallback, offset: start))
        index += 2
      } else {
        let symbol: Character = character == "–" || character == "—" ? "-" : character
        tokens.append(Token(kind: .symbol(symbol), offset: start))
        index += 1
      }
    }
    return tokens
  }
}
