import BeaconCore

/// The three ways Fruityvice groups fruits, each with its own endpoint (`/api/fruit/family/{name}`, …).
package enum FruitGroupKind: String, Sendable, Codable, CaseIterable {
  case family
  case genus
  case order
}

extension FruitGroupKind {
  /// The kind's name for people: `familie`, `slekt`, `orden` (English `family`, `genus`, `order`).
  package func label(in language: Language) -> String {
    switch (self, language) {
    case (.family, .en): "family"
    case (.family, _): "familie"
    case (.genus, .en): "genus"
    case (.genus, _): "slekt"
    case (.order, .en): "order"
    case (.order, _): "orden"
    }
  }
}
