import BeaconJSON

/// An imported place's row of `place_fact` worked out in Swift as the import writes the place, by exactly the rules of
/// migration 11's SQL (``PlaceFactSQL``, ``DeferredFacts/bulkSQL``) applied to the details the import writes: so the
/// end of the import need not read every new place's details JSON back (two `json_each` per place and a sort).
///
/// The SQL's string functions are byte-wise: `trim` removes spaces (U+0020) only, `lower` folds ASCII letters only,
/// and `replace` works on bytes; the same is done here on UTF-8 bytes. A value the SQL would read differently from
/// its Swift text (a control character, which the details escape) makes the facts ``unsure``: that place's row is
/// then made by the SQL itself (``ImportWriter``).
package enum ImportFacts: Equatable, Sendable {
  /// The SQL gives the place no row (nothing said, no cuisine).
  case none
  /// The place's row.
  case row(Row)
  /// Left to the SQL.
  case unsure

  /// The six columns of `place_fact` after `place_rowid`.
  package struct Row: Equatable, Sendable {
    package var diet = 0
    package var dietKnown = 0
    package var cuisine: String?
    package var wheelchair: String?
    package var outdoorSeating: Int?
    package var takeaway: Int?
  }

  /// The OSM tags the SQL reads from `datasource.raw`.
  static let keys: Set<String> = [
    "cuisine", "wheelchair", "outdoor_seating", "takeaway", "diet:vegan", "diet:vegetarian", "diet:gluten_free",
    "diet:halal", "diet:kosher",
  ]

  /// The Geoapify conditions the SQL reads from `categories`.
  static let conditions: Set<String> = [
    "vegan", "vegan.only", "vegetarian", "vegetarian.only", "gluten_free", "gluten_free.only", "halal", "halal.only",
    "kosher", "kosher.only", "wheelchair.yes", "wheelchair.limited",
  ]

  /// The facts of a place whose details have the tags `raw` (`datasource.raw`: strings, or anything else the SQL
  /// does not read as text, which makes them ``unsure``), the conditions `categories` and the cuisine column
  /// `cuisine`.
  init(raw: [String: JSONValue], categories: [String], cuisine: String?) {
    var values = Values()
    for key in Self.keys {
      guard let value = raw[key] else { continue }
      guard values.set(key, value) else {
        self = .unsure
        return
      }
    }
    self.init(values, categories: categories, cuisine: cuisine)
  }

  /// The facts of a place whose details have the tags `tags` (`datasource.raw` as pairs, each key once), as
  /// ``init(raw:categories:cuisine:)``: what an import has (a dozen tags or so, looked through without hashing).
  init(tags: [(key: String, value: JSONValue)], categories: [String], cuisine: String?) {
    var values = Values()
    for tag in tags {
      // The few tags the facts read, found by their first byte before any comparing (`contact:*`, `name:*`,
      // `addr:*` and the like are most of a place's tags).
      switch tag.key.utf8.first {
      case UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "o"), UInt8(ascii: "t"), UInt8(ascii: "w"):
        guard values.set(tag.key, tag.value) else {
          self = .unsure
          return
        }
      default: continue
      }
    }
    self.init(values, categories: categories, cuisine: cuisine)
  }

  /// The values of the tags the SQL reads (``keys``), as SQL's `lower(trim(…))` makes them, without a dictionary.
  private struct Values {
    var any = false
    /// The diets with a tag, and those whose tag is `yes` or `only` (``Diet/bit`` masks).
    var dietKnown = 0
    var diet = 0
    var cuisine: String?
    var wheelchair: String?
    var outdoorSeating: String?
    var takeaway: String?

    /// Notes the tag `key` when it is one the SQL reads; `false` when the SQL would not read its value as the text
    /// it is (not a string, or a control character in it).
    mutating func set(_ key: String, _ value: JSONValue) -> Bool {
      let bit: Int
      switch key {
      case "cuisine", "wheelchair", "outdoor_seating", "takeaway": bit = 0
      case "diet:vegan": bit = Diet.vegan.bit
      case "diet:vegetarian": bit = Diet.vegetarian.bit
      case "diet:gluten_free": bit = Diet.glutenFree.bit
      case "diet:halal": bit = Diet.halal.bit
      case "diet:kosher": bit = Diet.kosher.bit
      default: return true
      }
      guard let text = value.stringValue, ImportFacts.isPlain(text) else { return false }
      let lowered = ImportFacts.lowerTrimmed(text)
      any = true
      switch key {
      case "cuisine": cuisine = lowered
      case "wheelchair": wheelchair = lowered
      case "outdoor_seating": outdoorSeating = lowered
      case "takeaway": takeaway = lowered
      default:
        dietKnown |= bit
        if lowered == "yes" || lowered == "only" { diet |= bit }
      }
      return true
    }
  }

  /// The facts of a place whose tags the SQL reads are `values`.
  private init(_ values: Values, categories: [String], cuisine: String?) {
    var named: [String] = []
    for category in categories {
      guard Self.isPlain(category) else {
        self = .unsure
        return
      }
      let condition = Self.lowerTrimmed(category)
      if Self.conditions.contains(condition) { named.append(condition) }
    }
    let column = cuisine.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    if let cuisine, !Self.isPlain(cuisine) {
      self = .unsure
      return
    }
    guard values.any || !named.isEmpty || column != nil else {
      self = .none
      return
    }
    var row = Row()
    row.dietKnown = values.dietKnown
    row.diet = values.diet
    for diet in Diet.allCases where values.dietKnown & diet.bit == 0 {
      if named.contains(diet.rawValue) || named.contains(diet.rawValue + ".only") {
        row.dietKnown |= diet.bit
        row.diet |= diet.bit
      }
    }
    if let value = values.cuisine, !value.isEmpty {
      row.cuisine = ";" + Self.joined(value) + ";"
    } else if let column {
      row.cuisine = ";" + Self.joined(Self.asciiLowercased(column)) + ";"
    }
    switch values.wheelchair {
    case "yes", "designated": row.wheelchair = "yes"
    case "limited": row.wheelchair = "limited"
    case "no": row.wheelchair = "no"
    default:
      if named.contains("wheelchair.yes") {
        row.wheelchair = "yes"
      } else if named.contains("wheelchair.limited") {
        row.wheelchair = "limited"
      }
    }
    row.outdoorSeating = Self.yesNo(values.outdoorSeating)
    row.takeaway = Self.yesNo(values.takeaway)
    self = .row(row)
  }

  /// `yes` and `only` are 1, `no` 0, anything else `NULL`.
  private static func yesNo(_ value: String?) -> Int? {
    switch value {
    case "yes", "only": 1
    case "no": 0
    default: nil
    }
  }

  /// Whether the SQL reads `text` from the details as it is (no byte the details escape as `\u00XX`).
  static func isPlain(_ text: String) -> Bool {
    !text.utf8.contains { $0 < 0x20 }
  }

  /// SQL's `lower(trim(text))`.
  static func lowerTrimmed(_ text: String) -> String { asciiLowercased(trimmed(text)) }

  /// SQL's `trim(text)`: without leading and trailing spaces (U+0020 only).
  static func trimmed(_ text: String) -> String {
    // Most values neither start nor end with a space: returned as they are, without copying their bytes.
    guard text.utf8.first == 0x20 || text.utf8.last == 0x20 else { return text }
    let bytes = Array(text.utf8)
    guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 })
    else { return "" }
    if first == 0 && last == bytes.count - 1 { return text }
    return String(decoding: bytes[first...last], as: UTF8.self)
  }

  /// SQL's `lower(text)`: ASCII letters folded, every other byte as it is.
  static func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  /// SQL's `replace(replace(text, ' ;', ';'), '; ', ';')`, on bytes.
  static func joined(_ text: String) -> String {
    replaced(replaced(Array(text.utf8), [0x20, 0x3B]), [0x3B, 0x20])
      .withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
  }

  /// Every non-overlapping `pattern` (two bytes) of `bytes`, left to right, replaced by `;`.
  private static func replaced(_ bytes: [UInt8], _ pattern: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if index + 1 < bytes.count, bytes[index] == pattern[0], bytes[index + 1] == pattern[1] {
        output.append(0x3B)
        index += 2
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return output
  }
}
