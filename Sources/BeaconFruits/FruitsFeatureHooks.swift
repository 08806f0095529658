import BeaconCore
import BeaconJSON

extension LocalizedMessage {
  /// A sentence about fruits.
  package static func fruit(_ message: FruitMessage) -> LocalizedMessage {
    .feature(FeatureSentence(message))
  }
}

extension UnknownEntity {
  /// No fruit with this id is in Fruityvice's catalogue; its id goes out as `data.fruitId`.
  package static func fruit(_ id: Int) -> UnknownEntity {
    .feature(FeatureEntity(ids: ["fruitId": .int(id)], message: .fruit(.fruitNotFound(id))))
  }

  /// Fruityvice knows no family, genus or order of this name; `data.groupKind` and `data.groupName` name it.
  package static func fruitGroup(kind: FruitGroupKind, name: String) -> UnknownEntity {
    .feature(
      FeatureEntity(
        ids: ["groupKind": .string(kind.rawValue), "groupName": .string(name)],
        message: .fruit(.groupNotFound(kind: kind, name: name))
      )
    )
  }
}

extension UpstreamService {
  /// Fruityvice: the fruit catalogue and its families, genera and orders.
  package static let fruityvice = UpstreamService(
    "fruityvice",
    name: "Fruityvice",
    offlineTexts: FruitMessage.offlineWithoutCatalogue.texts
  )
}
