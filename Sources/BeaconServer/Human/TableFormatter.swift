/// Lays out text in aligned columns for a terminal, measuring Characters (and wide ones as two cells),
/// never bytes.
package struct TableFormatter: Sendable {
  /// One column: its header, which side it hugs, and how wide it may grow before values are cut with `…`.
  package struct Column: Sendable {
    /// The side a column's values hug.
    package enum Alignment: Sendable {
      case left
      case right
    }

    var header: String
    var alignment = Alignment.left
    var maxWidth = Int.max
  }

  var columns: [Column]
  /// The gap between columns.
  var separator = "  "

  /// The table as lines: the header, then one line per row; trailing spaces are dropped.
  func render(_ rows: [[String]]) -> [String] {
    let cells = rows.map { row in
      columns.indices.map { index in
        Self.truncate(index < row.count ? row[index] : "", to: columns[index].maxWidth)
      }
    }
    let widths = columns.indices.map { index in
      cells.reduce(Self.width(of: columns[index].header)) { max($0, Self.width(of: $1[index])) }
    }
    let lines = [columns.map(\.header)] + cells
    return lines.map { line in
      let padded = columns.indices.map { index in
        Self.pad(line[index], to: widths[index], alignment: columns[index].alignment)
      }
      return String(padded.joined(separator: separator).reversed().drop(while: { $0 == " " }).reversed())
    }
  }

  /// `text` padded with spaces to `width` terminal cells.
  package static func pad(_ text: String, to width: Int, alignment: Column.Alignment = .left) -> String {
    let padding = String(repeating: " ", count: max(0, width - Self.width(of: text)))
    return alignment == .left ? text + padding : padding + text
  }

  /// `text` cut to at most `limit` terminal cells, ending in `…` when it was cut.
  package static func truncate(_ text: String, to limit: Int) -> String {
    guard width(of: text) > limit, limit > 0 else { return text }
    var result = ""
    var used = 0
    for character in text {
      let cells = width(of: character)
      if used + cells > limit - 1 { break }
      result.append(character)
      used += cells
    }
    return result + "…"
  }

  /// How many terminal cells `text` takes.
  package static func width(of text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// How many terminal cells one Character takes: 2 for emoji shown as pictures and East Asian wide letters,
  /// 0 for control characters, 1 otherwise.
  static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.generalCategory == .control { return 0 }
    if first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
    return isWide(first.value) ? 2 : 1
  }

  /// East Asian Wide and Fullwidth ranges (the common blocks).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
