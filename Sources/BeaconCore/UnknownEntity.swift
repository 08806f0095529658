/// Something a request names that Beacon does not know, with its id: carried by ``BeaconError/notFound(_:)``, so
/// every domain's "not found" has one wire form (`notFound`, with the id fields of its entity).
package enum UnknownEntity: Sendable, Equatable {
  /// No place with this id has ever been seen.
  case place(String)
  /// Something only a feature's module knows (`UnknownEntity.coin` in `BeaconCrypto`, `.fruit` and `.fruitGroup` in
  /// `BeaconFruits`, `.user` in `BeaconPeople`).
  case feature(FeatureEntity)

  /// The sentence for people.
  package var message: LocalizedMessage {
    switch self {
    case .place(let id): .placeNotFound(id)
    case .feature(let entity): entity.message
    }
  }
}
