import BeaconCore
import BeaconJSON
import Foundation

/// Reads Fruityvice's answers leniently: key order does not matter, unknown fields are ignored, names and groups
/// are trimmed (the live data has `" Ebenaceae"`), numbers may be integers or decimals (`18`, `18.0`) and a
/// missing nutrition value counts as 0. Entries without an id or a name are skipped.
package enum FruityviceDecoding {
  /// The fruits of a `/api/fruit/all`, `/family/…`, `/genus/…` or `/order/…` answer (an array of fruits; a single
  /// fruit object is read as a list of one).
  package static func fruits(from body: [UInt8]) throws(BeaconError) -> [Fruit] {
    let value = try json(body)
    if let items = value.arrayValue { return items.compactMap(fruit(from:)) }
    if value["id"] != nil, let single = fruit(from: value) { return [single] }
    throw .upstream(.fruityvice, .badAnswer(reason: "Fruityvice answered without a list of fruits"))
  }

  /// One fruit object, or `nil` when it has no usable id or name.
  static func fruit(from value: JSONValue) -> Fruit? {
    guard value.objectValue != nil else { return nil }
    guard let id = integer(value["id"]) else { return nil }
    guard let name = trimmed(value["name"]), !name.isEmpty else { return nil }
    let nutritions = value["nutritions"] ?? value["nutrition"]
    func number(_ key: String) -> Double {
      let number = nutritions?[key].flatMap(decimal) ?? 0
      return number.isFinite ? number : 0
    }
    return Fruit(
      id: id,
      name: name,
      family: trimmed(value["family"]) ?? "",
      genus: trimmed(value["genus"]) ?? "",
      order: trimmed(value["order"]) ?? "",
      nutritions: Nutrition(
        calories: number("calories"),
        fat: number("fat"),
        sugar: number("sugar"),
        carbohydrates: number("carbohydrates"),
        protein: number("protein")
      )
    )
  }

  // MARK: - Values

  static func json(_ body: [UInt8]) throws(BeaconError) -> JSONValue {
    do {
      return try JSONParser.parse(body)
    } catch {
      throw .upstream(.fruityvice, .badAnswer(reason: "invalid JSON from Fruityvice (\(error.reason))"))
    }
  }

  /// A string without surrounding whitespace.
  static func trimmed(_ value: JSONValue?) -> String? {
    value?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// An integral number, also when written `6.0` or `"6"`.
  static func integer(_ value: JSONValue?) -> Int? {
    if let number = value?.intValue { return number }
    return value?.stringValue.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// A number, also when written as a string (`"0.4"`).
  static func decimal(_ value: JSONValue) -> Double? {
    value.doubleValue ?? value.stringValue.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
  }
}
