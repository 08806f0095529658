/// What storing one imported place did to the store.
package enum ImportOutcome: UInt8, Sendable {
  /// The store did not have the place.
  case added
  /// The store had the place, with other data.
  case updated
  /// The store had the place just so.
  case unchanged
}

/// The ids of the places an import has handed on so far, each with how its object was drawn and what storing it
/// did: what an import keeps in memory while it streams, to fold duplicates and to know afterwards which stored
/// places the file no longer has.
///
/// Ids are kept as numbers, not text: `osm:node/123` (any OSM type and id) as one 64-bit key, a derived id
/// (`osm:content/` and 16 hex digits) as its 64-bit hash. A hash table entry is 8 bytes of key and 1 of value,
/// with the table at most ¾ full and growing by doubling: 12 to 24 bytes a place (about 20 MB for a million).
package struct ImportedIDs: Sendable {
  /// How a place's object was drawn, its category and what storing it did.
  struct Entry: Equatable {
    var kind: OSMFeature.Kind
    var category: PlaceCategory
    var outcome: ImportOutcome

    private static let kinds: [OSMFeature.Kind] = [.point, .line, .closedLine, .area]
    private static let categories: [PlaceCategory] = [.restaurant, .cafe, .hotel]

    /// All three in one byte: the kind in bits 4–5, the category in bits 2–3, the outcome in bits 0–1.
    var packed: UInt8 {
      UInt8(Self.kinds.firstIndex(of: kind) ?? 0) << 4 | UInt8(Self.categories.firstIndex(of: category) ?? 0) << 2
        | outcome.rawValue
    }

    init(kind: OSMFeature.Kind, category: PlaceCategory, outcome: ImportOutcome) {
      self.kind = kind
      self.category = category
      self.outcome = outcome
    }

    init(packed: UInt8) {
      kind = Self.kinds[Int(packed >> 4) & 3]
      category = Self.categories[min(Int(packed >> 2) & 3, 2)]
      outcome = ImportOutcome(rawValue: packed & 3) ?? .added
    }
  }

  /// How many places ended with each outcome, and how many of each category there are (a place imported twice
  /// counts once, as it was last stored).
  package struct Tally: Sendable, Equatable {
    package var added = 0
    package var updated = 0
    package var unchanged = 0
    package var restaurant = 0
    package var cafe = 0
    package var hotel = 0
  }

  private var osm: [Int64: UInt8] = [:]
  private var derived: [UInt64: UInt8] = [:]
  /// Any other form of id (none that Beacon's importers make today), as text.
  private var other: [String: UInt8] = [:]

  package init() {}

  /// How many ids there are.
  package var count: Int { osm.count + derived.count + other.count }

  /// Whether the import handed on a place with `id`.
  package func contains(_ id: String) -> Bool { self[id] != nil }

  /// The outcomes and categories of all the places.
  package var tally: Tally {
    var tally = Tally()
    func add(_ packed: UInt8) {
      let entry = Entry(packed: packed)
      switch entry.outcome {
      case .added: tally.added += 1
      case .updated: tally.updated += 1
      case .unchanged: tally.unchanged += 1
      }
      switch entry.category {
      case .restaurant: tally.restaurant += 1
      case .cafe: tally.cafe += 1
      case .hotel: tally.hotel += 1
      }
    }
    for value in osm.values { add(value) }
    for value in derived.values { add(value) }
    for value in other.values { add(value) }
    return tally
  }

  subscript(id: String) -> Entry? {
    get {
      switch Self.key(id) {
      case .osm(let key): osm[key].map(Entry.init(packed:))
      case .derived(let key): derived[key].map(Entry.init(packed:))
      case .other: other[id].map(Entry.init(packed:))
      }
    }
    set {
      let packed = newValue?.packed
      switch Self.key(id) {
      case .osm(let key): osm[key] = packed
      case .derived(let key): derived[key] = packed
      case .other: other[id] = packed
      }
    }
  }

  private enum Key {
    case osm(Int64)
    case derived(UInt64)
    case other
  }

  /// The numeric key of `id`: `osm:<type>/<id>` as id × 4 + type, `osm:content/<hex>` as the hash (read byte by
  /// byte: this runs for every place of an import).
  private static func key(_ id: String) -> Key {
    var id = id
    return id.withUTF8 { bytes in
      // "osm:"
      guard bytes.count > 6, bytes[0] == 0x6F, bytes[1] == 0x73, bytes[2] == 0x6D, bytes[3] == 0x3A else {
        return .other
      }
      guard let slash = bytes[4...].firstIndex(of: UInt8(ascii: "/")) else { return .other }
      let type = UnsafeBufferPointer(rebasing: bytes[4..<slash])
      let digits = UnsafeBufferPointer(rebasing: bytes[(slash + 1)...])
      if type.elementsEqual("content".utf8) {
        guard digits.count == 16 else { return .other }
        var hash: UInt64 = 0
        for byte in digits {
          let value: UInt8
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
          default: return .other
          }
          hash = hash << 4 | UInt64(value)
        }
        return .derived(hash)
      }
      let code: Int64
      if type.elementsEqual("node".utf8) {
        code = 0
      } else if type.elementsEqual("way".utf8) {
        code = 1
      } else if type.elementsEqual("relation".utf8) {
        code = 2
      } else {
        return .other
      }
      // Canonical decimal only (what the importer writes): no sign but a leading minus, no leading zeros.
      var index = 0
      let negative = digits.first == UInt8(ascii: "-")
      if negative { index = 1 }
      guard index < digits.count, digits.count - index <= 18,
        digits[index] != UInt8(ascii: "0") || digits.count - index == 1
      else { return .other }
      var number: Int64 = 0
      while index < digits.count {
        let byte = digits[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .other }
        number = number * 10 + Int64(byte - UInt8(ascii: "0"))
        index += 1
      }
      return .osm((negative ? -number : number) << 2 | code)
    }
  }
}
