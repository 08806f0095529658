import Foundation
import Testing

@testable import BeaconCore

/// The comment's trimming and length check: as Foundation's `whitespacesAndNewlines` and `count`, without copying
/// or counting a long text through.
@Suite struct TrimmedTests {
  @Test(arguments: [
    "", " ", "\n\t ", "  Kjempegod pizza!\n", "\u{00A0}\u{2003}midt i\u{3000}\u{2028}", "\u{85}x\u{0B}", "a",
    "é\u{0301} ",
    " \u{1F355} ", "\u{200B}nullbredde\u{200B}",
  ])
  func trimsAsFoundationDoes(_ text: String) {
    #expect(String(text.trimmedOfWhitespace) == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test func longerThanCountsCharactersNotBytes() {
    let limit = Store.maxCommentLength
    for text in [String(repeating: "x", count: limit), String(repeating: "ø", count: limit), "kort"] {
      #expect(!text.isLonger(than: limit), "\(text.count) characters")
    }
    for text in [String(repeating: "x", count: limit + 1), String(repeating: "🍕", count: limit + 1)] {
      #expect(text.isLonger(than: limit))
    }
  }

  /// A comment of megabytes is refused at once; one padded with megabytes of blanks is its words.
  @Test func aHugeCommentIsJudgedWithoutGoingThroughIt() {
    let huge = String(repeating: "x", count: 4_000_000)
    let tooLong = NewRating(placeId: "p", stars: 5, comment: huge)
    #expect(Store.validationError(tooLong) == .invalidArgument(field: "comment", message: .commentTooLong(2_000)))
    let padded = String(repeating: " ", count: 2_000_000) + "God" + String(repeating: "\n", count: 2_000_000)
    #expect(Store.validationError(NewRating(placeId: "p", stars: 5, comment: padded)) == nil)
    #expect(Store.storedComment(padded) == "God")
  }
}
