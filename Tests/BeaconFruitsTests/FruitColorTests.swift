import BeaconCore
import BeaconTestSupport
import Testing

@testable import BeaconFruits

/// One colour per family: the same for all its fruits, different between families, the same on every run.
@Suite struct FruitColorTests {
  /// Every family of a real 49-fruit catalogue (trimmed).
  static let realFamilies = [
    "Actinidiaceae", "Anacardiaceae", "Annonaceae", "Betulaceae", "Bromeliaceae", "Cactaceae", "Caricaceae",
    "Clusiaceae", "Cucurbitaceae", "Ebenaceae", "Ericaceae", "Grossulariaceae", "Lauraceae", "Lythraceae", "Malvaceae",
    "Moraceae", "Musaceae", "Myrtaceae", "Passifloraceae", "Rosaceae", "Rutaceae", "Salicaceae", "Sapindaceae",
    "Solanaceae", "Vitaceae",
  ]

  @Test func everyFamilyOfTheCatalogueHasItsOwnColour() throws {
    let fruits = try FruityviceDecoding.fruits(from: Array(FruityviceFixtures.all.utf8))
    let colors = FruitColor.assign(fruits.map(\.family))
    #expect(colors.count == 10)
    #expect(Set(colors.values).count == colors.count)
    for color in colors.values {
      #expect(color.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) != nil, "\(color)")
    }
  }

  @Test(arguments: [realFamilies.count, 72, 73, 300])
  func coloursStayUniqueForManyFamilies(count: Int) {
    let families = Array((Self.realFamilies + (0..<400).map { "Family\($0)" }).prefix(count))
    let colors = FruitColor.assign(families)
    #expect(colors.count == count)
    #expect(Set(colors.values).count == count)
  }

  @Test func thePaletteSlotsAreDistinct() {
    let colors = (0..<FruitColor.slots).map(FruitColor.slotColor)
    #expect(colors.count == 72)
    #expect(Set(colors).count == 72)
  }

  @Test func coloursAreStableAcrossRunsAndMachines() {
    // Pinned values: FNV-1a and the palette are plain arithmetic, so any machine computes exactly these.
    #expect(FruitColor.fnv1a("") == 0xcbf2_9ce4_8422_2325)
    #expect(FruitColor.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
    let colors = FruitColor.assign(["Rosaceae", "Rutaceae", "Musaceae"])
    #expect(colors == Self.pinned)
    #expect(FruitColor.slotColor(0) == "#D02525")
  }

  static let pinned: [String: String] = ["Musaceae": "#25D050", "Rosaceae": "#138686", "Rutaceae": "#D05025"]

  @Test func theOrderFamiliesArriveInDoesNotMatter() {
    let shuffled = Self.realFamilies.reversed() + Self.realFamilies.prefix(3)
    #expect(FruitColor.assign(shuffled) == FruitColor.assign(Self.realFamilies))
  }

  @Test func aNewFamilyThatTakesNoOnesSlotChangesNoColour() {
    let before = FruitColor.assign(Self.realFamilies)
    let after = FruitColor.assign(Self.realFamilies + ["Zygophyllaceae"])
    for (family, color) in before where after[family] != color {
      // Only a family whose slot the newcomer took before it in sorted order could move; it sorts last here.
      Issue.record("\(family) changed from \(color) to \(after[family] ?? "nil")")
    }
    #expect(after.count == before.count + 1)
  }
}
