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
/// did: what an import keeps while it streams, to fold duplicates and to know afterwards which stored places the file
/// no longer has.
///
/// Ids are kept as numbers, not text: `osm:node/123` (any OSM type and id) as one 64-bit key, a derived id
/// (`osm:content/` and 16 hex digits) as its 64-bit hash. A hash table entry is 8 bytes of key and 1 of value, with
/// the table at most ¾ full: about 12 bytes a place. Past ``memoryLimit`` ids the table's keys move to a temporary
/// file (``ImportedIDsSpill``) and the table starts again empty at the same size, so that memory stays the same
/// however many places an import has (about 19 MB); an id not in memory is then looked up there.
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

    /// Counts `count` places with the packed entry `packed`.
    mutating func add(_ packed: UInt8, count: Int = 1) {
      let entry = Entry(packed: packed)
      switch entry.outcome {
      case .added: added += count
      case .updated: updated += count
      case .unchanged: unchanged += count
      }
      switch entry.category {
      case .restaurant: restaurant += count
      case .cafe: cafe += count
      case .hotel: hotel += count
      }
    }
  }

  /// The most numeric ids kept in memory: ¾ of 2²¹, what a hash table of 2²¹ entries (about 19 MB) holds before it
  /// doubles; imports of fewer places never look in the file.
  package static let memoryLimit = 1_572_864

  private let limit: Int
  private var osm: [Int64: UInt8] = [:]
  private var derived: [UInt64: UInt8] = [:]
  /// Any other form of id (none that Beacon's importers make today), as text; always in memory.
  private var other: [String: UInt8] = [:]
  /// The numeric ids moved out of memory, once there were `limit` of them.
  private var spill: ImportedIDsSpill?

  /// No ids; at most `memoryLimit` numeric ones in memory.
  package init(memoryLimit: Int = Self.memoryLimit) {
    limit = max(1, memoryLimit)
  }

  /// How many ids there are.
  package var count: Int { osm.count + derived.count + other.count + (spill?.count ?? 0) }

  /// Whether the import handed on a place with `id`.
  package func contains(_ id: String) throws(SQLiteError) -> Bool { try entry(id) != nil }

  /// The outcomes and categories of all the places.
  package func tally() throws(SQLiteError) -> Tally {
    var tally = Tally()
    for value in osm.values { tally.add(value) }
    for value in derived.values { tally.add(value) }
    for value in other.values { tally.add(value) }
    for (entry, count) in try spill?.entryCounts() ?? [] { tally.add(entry, count: count) }
    return tally
  }

  /// What the import did with the place with `id`, if it handed one on.
  func entry(_ id: String) throws(SQLiteError) -> Entry? {
    var packed: UInt8?
    switch Self.key(id) {
    case .osm(let key):
      packed = osm[key]
      if packed == nil, let spill { packed = try spill.entry(key, in: .osm) }
    case .derived(let key):
      packed = derived[key]
      if packed == nil, let spill { packed = try spill.entry(Int64(bitPattern: key), in: .derived) }
    case .other:
      packed = other[id]
    }
    return packed.map(Entry.init(packed:))
  }

  /// Records what the import did with the place with `id`, replacing what an earlier place with it did; `isNew`
  /// says that no earlier place had it (``entry(_:)`` found none), so that it is not looked for again.
  mutating func set(_ id: String, _ entry: Entry, isNew: Bool = false) throws(SQLiteError) {
    let packed = entry.packed
    switch Self.key(id) {
    case .osm(let key):
      if !isNew, osm[key] == nil, let spill, try spill.entry(key, in: .osm) != nil {
        try spill.update(key, to: packed, in: .osm)
      } else {
        osm[key] = packed
      }
    case .derived(let key):
      let number = Int64(bitPattern: key)
      if !isNew, derived[key] == nil, let spill, try spill.entry(number, in: .derived) != nil {
        try spill.update(number, to: packed, in: .derived)
      } else {
        derived[key] = packed
      }
    case .other:
      other[id] = packed
    }
    if osm.count + derived.count >= limit { try moveOut() }
  }

  /// Moves the numeric ids in memory to ``spill``, keeping the tables' size for the ids to come.
  private mutating func moveOut() throws(SQLiteError) {
    let spill: ImportedIDsSpill
    if let existing = self.spill {
      spill = existing
    } else {
      spill = try ImportedIDsSpill()
      self.spill = spill
    }
    try spill.add(osm, in: .osm)
    try spill.add(Dictionary(uniqueKeysWithValues: derived.map { (Int64(bitPattern: $0.key), $0.value) }), in: .derived)
    osm.removeAll(keepingCapacity: true)
    derived.removeAll(keepingCapacity: true)
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
