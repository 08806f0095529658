import BeaconCore
import Foundation

/// The colour of a fruit's square (the 35×35 pt swatch): one per family, different between families, and
/// the same on every run and machine for the same catalogue.
///
/// A family's colour is picked by a stable hash of its name (FNV-1a, not Swift's seeded `Hasher`) from 72 slots:
/// 24 hues 15° apart in 3 tones. Families are placed in sorted order, and a family whose slot is taken moves to
/// the next free one, so colours are unique; a family keeps its colour when others are added unless one of them
/// sorts before it and takes its slot. Past 72 families the whole 24-bit space is probed the same way.
package enum FruitColor {
  /// Hues per tone.
  static let hues = 24
  /// (saturation, lightness) of the tones: medium, light, dark.
  static let tones: [(saturation: Double, lightness: Double)] = [(0.70, 0.48), (0.60, 0.70), (0.75, 0.30)]
  /// How many slots the palette has.
  static var slots: Int { hues * tones.count }

  /// A colour (`#RRGGBB`) for each of `families`.
  package static func assign(_ families: some Sequence<String>) -> [String: String] {
    var assigned: [String: String] = [:]
    var used: Set<String> = []
    var usedSlots: Set<Int> = []
    for family in Set(families).sorted() {
      let hash = fnv1a(family)
      var color: String
      if usedSlots.count < slots {
        var slot = Int(hash % UInt64(slots))
        while usedSlots.contains(slot) { slot = (slot + 1) % slots }
        usedSlots.insert(slot)
        color = slotColor(slot)
      } else {
        var value = Int(hash & 0xFF_FFFF)
        color = hex(value)
        while used.contains(color) {
          value = (value + 1) & 0xFF_FFFF
          color = hex(value)
        }
      }
      used.insert(color)
      assigned[family] = color
    }
    return assigned
  }

  /// The colour of palette slot `slot` (0 ..< 72).
  static func slotColor(_ slot: Int) -> String {
    let tone = tones[(slot / hues) % tones.count]
    let hue = Double(slot % hues) * 360 / Double(hues)
    return hex(rgb(hue: hue, saturation: tone.saturation, lightness: tone.lightness))
  }

  /// 64-bit FNV-1a of the UTF-8 bytes of `text`.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// HSL (hue in degrees, the others 0…1) as a 24-bit RGB value.
  static func rgb(hue: Double, saturation: Double, lightness: Double) -> Int {
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let sector = hue / 60
    let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
    let (red, green, blue): (Double, Double, Double)
    switch Int(sector) {
    case 0: (red, green, blue) = (chroma, second, 0)
    case 1: (red, green, blue) = (second, chroma, 0)
    case 2: (red, green, blue) = (0, chroma, second)
    case 3: (red, green, blue) = (0, second, chroma)
    case 4: (red, green, blue) = (second, 0, chroma)
    default: (red, green, blue) = (chroma, 0, second)
    }
    let offset = lightness - chroma / 2
    func byte(_ value: Double) -> Int { min(255, max(0, Int(((value + offset) * 255).rounded()))) }
    return byte(red) << 16 | byte(green) << 8 | byte(blue)
  }

  /// `#RRGGBB` in upper case.
  static func hex(_ value: Int) -> String {
    let digits = String(value & 0xFF_FFFF, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }
}
