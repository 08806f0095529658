import BeaconJSON

/// The tags of one OSM object that an import reads: those Beacon keeps (``OSMImporter/keeps(_:)``) and those that
/// give the object's identity (``OSMImporter/identity(featureID:tags:)``), every other one left out.
///
/// It stands in for a `[String: JSONValue]` of them and behaves as one (keys compared as Swift strings: a later
/// value replaces an earlier one, the first key's text stays), without hashing: the keys building a place looks up
/// have a slot each (``Slot``), found on the key's bytes while scanning; the other kept keys (`name:*`, `addr:*`,
/// `diet:*` without a slot) are a short list.
struct ImportTags {
  /// The keys with a slot of their own: every key building a place or its facts reads.
  enum Slot: Int, CaseIterable {
    case name, amenity, tourism, cuisine, openingHours, phone, contactPhone, email, contactEmail, website
    case contactWebsite, stars, wheelchair, outdoorSeating, takeaway, internetAccess
    case addrStreet, addrHousenumber, addrPostcode, addrCity
    case dietVegan, dietVegetarian, dietGlutenFree, dietHalal, dietKosher
    /// The identity's keys, which the details do not keep.
    case atType, atID, plainID, plainType

    /// The OSM key.
    var key: String { Self.keys[rawValue] }

    /// Whether the details keep the tag (all but the identity's keys).
    var isKept: Bool { rawValue < Slot.atType.rawValue }

    /// The keys, in the order of the cases.
    static let keys = [
      "name", "amenity", "tourism", "cuisine", "opening_hours", "phone", "contact:phone", "email", "contact:email",
      "website", "contact:website", "stars", "wheelchair", "outdoor_seating", "takeaway", "internet_access",
      "addr:street", "addr:housenumber", "addr:postcode", "addr:city",
      "diet:vegan", "diet:vegetarian", "diet:gluten_free", "diet:halal", "diet:kosher",
      "@type", "@id", "id", "type",
    ]

    /// The slots by key (compared as Swift strings).
    static let byKey: [String: Slot] = {
      var byKey: [String: Slot] = [:]
      for slot in allCases { byKey[slot.key] = slot }
      return byKey
    }()

    /// The slots of kept tags, in order (made once: `allCases` makes an array each time).
    static let kept = allCases.filter(\.isKept)

    /// How many slots there are.
    static let count = allCases.count

    /// The slots whose tags ``ImportFacts`` reads.
    static let facts: [Slot] = [
      .cuisine, .wheelchair, .outdoorSeating, .takeaway, .dietVegan, .dietVegetarian, .dietGlutenFree, .dietHalal,
      .dietKosher,
    ]
  }

  /// A key that is read: one with a slot, or another kept key by its text.
  enum Key {
    case slot(Slot)
    case other(String)

    /// `key` when something reads it, else `nil`.
    init?(_ key: String) {
      if let slot = Slot.byKey[key] {
        self = .slot(slot)
      } else if OSMImporter.keeps(key) {
        self = .other(key)
      } else {
        return nil
      }
    }

    /// The key's text.
    var text: String {
      switch self {
      case .slot(let slot): slot.key
      case .other(let key): key
      }
    }
  }

  /// The values by slot.
  private var values: [JSONValue?]
  /// The other kept tags, each key once.
  private(set) var others: [(key: String, value: JSONValue)] = []

  /// No tags.
  init() {
    values = Array(repeating: nil, count: Slot.count)
  }

  /// The tags of `dictionary` that something reads.
  init(_ dictionary: [String: JSONValue]) {
    self.init()
    for (key, value) in dictionary {
      if let key = Key(key) { self[key] = value }
    }
  }

  /// The tags of `strings` (an OSM PBF object's) that something reads.
  init(strings: [String: String]) {
    self.init()
    for (key, value) in strings {
      if let key = Key(key) { self[key] = .string(value) }
    }
  }

  /// The value of the tag with slot `slot`.
  subscript(slot: Slot) -> JSONValue? {
    get { values[slot.rawValue] }
    set { values[slot.rawValue] = newValue }
  }

  /// The value of the tag `key`; setting one replaces an earlier value, keeping the earlier key's text.
  subscript(key: Key) -> JSONValue? {
    get {
      switch key {
      case .slot(let slot): return values[slot.rawValue]
      case .other(let text): return others.first { $0.key == text }?.value
      }
    }
    set {
      switch key {
      case .slot(let slot): values[slot.rawValue] = newValue
      case .other(let text):
        if let index = others.firstIndex(where: { $0.key == text }) {
          if let newValue { others[index].value = newValue } else { others.remove(at: index) }
        } else if let newValue {
          others.append((key: text, value: newValue))
        }
      }
    }
  }

  /// The tag's value as text (``text(_:key:)``).
  func string(_ slot: Slot) -> String? {
    values[slot.rawValue].flatMap { Self.text($0, key: slot.key) }
  }

  /// Tag `key`'s value as OSM text: a string as it is, a number as JSON writes it (`"stars": 3` from a hand-made
  /// GeoJSON is `3`), a boolean as `yes` or `no` (OSM's words for them) where the tag takes those
  /// (``takesYesOrNo(_:)``); `nil` for other booleans (`"name": true` names nothing), null, arrays and objects.
  static func text(_ value: JSONValue, key: String) -> String? {
    switch value {
    case .string(let text): text
    case .int, .largeInteger, .double, .exactNumber: value.description
    case .bool(let flag): takesYesOrNo(key) ? (flag ? "yes" : "no") : nil
    case .null, .array, .object: nil
    }
  }

  /// Whether OSM's values of tag `key` are `yes` and `no` (and a few words more), which a boolean stands for.
  static func takesYesOrNo(_ key: String) -> Bool {
    ["wheelchair", "outdoor_seating", "takeaway", "internet_access"].contains(key) || key.hasPrefix("diet:")
  }

  /// These tags with `newer`'s put over them (a dictionary's `merge` keeping the newer values).
  mutating func merge(_ newer: ImportTags) {
    for index in values.indices where newer.values[index] != nil { values[index] = newer.values[index] }
    for (key, value) in newer.others { self[.other(key)] = value }
  }

  /// How many tags there are.
  var count: Int { values.count { $0 != nil } + others.count }

  /// Calls `body` with each kept tag (not the identity's keys), slots first, then the others.
  func forEachKept(_ body: (String, JSONValue) -> Void) {
    for slot in Slot.kept {
      if let value = values[slot.rawValue] { body(slot.key, value) }
    }
    for (key, value) in others { body(key, value) }
  }

  /// The tags as a dictionary (for tests and messages).
  var dictionary: [String: JSONValue] {
    var dictionary: [String: JSONValue] = [:]
    for slot in Slot.allCases {
      if let value = values[slot.rawValue] { dictionary[slot.key] = value }
    }
    for (key, value) in others { dictionary[key] = value }
    return dictionary
  }
}
