import BeaconCore
import BeaconTestSupport
import Testing

@testable import BeaconFruits

/// Fruityvice's answers as the live API shapes them: any key order, unknown fields, leading spaces, Java-style
/// numbers next to integers.
@Suite struct FruityviceDecodingTests {
  static func decode(_ text: String) throws -> [Fruit] {
    try FruityviceDecoding.fruits(from: Array(text.utf8))
  }

  /// The error decoding `text` ends with, or `nil` when it decodes.
  static func failure(_ text: String) -> BeaconError? {
    BeaconTestSupport.failure { () throws(BeaconError) in try FruityviceDecoding.fruits(from: Array(text.utf8)) }
  }

  @Test func theCatalogueDecodesInTheAPIsOrderWithEveryField() throws {
    let fruits = try Self.decode(FruityviceFixtures.all)
    #expect(fruits.count == 16)
    #expect(fruits.prefix(3).map(\.name) == ["Persimmon", "Strawberry", "Banana"])
    let pineapple = try #require(fruits.first { $0.id == 10 })
    #expect(pineapple.name == "Pineapple")
    #expect(pineapple.family == "Bromeliaceae")
    #expect(pineapple.genus == "Ananas")
    #expect(pineapple.order == "Poales")
    #expect(
      pineapple.nutritions
        == Nutrition(calories: 50, fat: 0.12, sugar: 9.85, carbohydrates: 13.12, protein: 0.54)
    )
  }

  @Test func leadingSpacesInGroupsAreTrimmed() throws {
    let fruits = try Self.decode(FruityviceFixtures.all)
    let japanese = try #require(fruits.first { $0.id == 101 })
    #expect(japanese.name == "Japanese Persimmon")
    #expect(japanese.family == "Ebenaceae")
    #expect(japanese.order == "Ericales")
    #expect(Set(fruits.map(\.family)).count == 10, "' Ebenaceae' and 'Ebenaceae' are one family")
  }

  @Test func javaStyleNumbersAndIntegersReadTheSame() throws {
    let fruits = try Self.decode(FruityviceFixtures.all)
    let persimmon = try #require(fruits.first { $0.id == 52 })
    #expect(persimmon.nutritions == Nutrition(calories: 81, fat: 0, sugar: 18, carbohydrates: 18, protein: 0))
  }

  @Test func unknownFieldsAreIgnored() throws {
    let fruits = try Self.decode(FruityviceFixtures.all)
    let lemon = try #require(fruits.first { $0.id == 26 })
    #expect(lemon.nutritions == Nutrition(calories: 29, fat: 0.3, sugar: 2.5, carbohydrates: 9, protein: 1.1))
  }

  @Test func anOlderSnapshotWithOtherKeyOrderDecodesToTheSameFruits() throws {
    let older = try Self.decode(FruityviceFixtures.olderShape)
    #expect(older.map(\.id) == [6, 84, 1])
    let current = try Self.decode(FruityviceFixtures.all)
    #expect(older.first { $0.id == 6 } == current.first { $0.id == 6 })
    #expect(older.first { $0.id == 1 } == current.first { $0.id == 1 })
    let avocado = try #require(older.first { $0.id == 84 })
    #expect(avocado.name == "Avocado")
    #expect(avocado.nutritions.protein == 2)
    #expect(avocado.nutritions.sugar == 0.66, "a number written as a string is still read")
  }

  @Test func entriesWithoutIdOrNameAreSkippedAndMissingNutritionIsZero() throws {
    let fruits = try Self.decode(
      #"""
      [{"name": "Nameless", "family": "X"}, {"id": 7, "name": "  ", "family": "X"}, "text", null,
       {"id": 8.0, "name": "Bare", "family": "Y"}, {"id": "9", "name": "Quoted id", "nutritions": {"sugar": 12}}]
      """#
    )
    #expect(fruits.map(\.id) == [8, 9])
    #expect(fruits.first?.nutritions == .zero)
    #expect(fruits.first?.genus == "")
    #expect(fruits.last?.nutritions.sugar == 12)
  }

  @Test func aSingleFruitObjectIsAListOfOne() throws {
    let fruits = try Self.decode(
      #"{"genus": "Musa", "id": 1, "name": "Banana", "family": "Musaceae", "order": "Zingiberales"}"#
    )
    #expect(fruits.map(\.name) == ["Banana"])
  }

  @Test(arguments: [#"{"error": "Not found"}"#, #""text""#, "42"])
  func anAnswerThatIsNoListOfFruitsIsUnavailable(body: String) {
    #expect(Self.failure(body)?.kind == "upstreamUnavailable")
  }

  @Test func invalidJSONIsUnavailableWithTheReason() {
    guard case .upstream(.fruityvice, .badAnswer(let reason))? = Self.failure(#"[{"id": 1, "name": "#) else {
      Issue.record("expected unavailable")
      return
    }
    #expect(reason.hasPrefix("invalid JSON from Fruityvice"))
  }

  @Test func errorMessagesAreReadFromTheBody() {
    #expect(KeylessAPIClient.errorMessage(Array(FruityviceFixtures.notFoundBody.utf8)) == "Not found")
    #expect(KeylessAPIClient.errorMessage(Array(#"{"message": "Bad"}"#.utf8)) == "Bad")
    #expect(KeylessAPIClient.errorMessage(Array("plain words".utf8)) == "plain words")
  }
}
