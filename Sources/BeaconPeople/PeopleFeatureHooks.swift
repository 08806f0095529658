import BeaconCore
import BeaconJSON

extension LocalizedMessage {
  /// A sentence about the user directory.
  package static func people(_ message: PeopleMessage) -> LocalizedMessage {
    .feature(FeatureSentence(message))
  }
}

extension UnknownEntity {
  /// No stored user has this id (it was never fetched, or it was deleted); its id goes out as `data.userId`.
  package static func user(_ id: String) -> UnknownEntity {
    .feature(FeatureEntity(ids: ["userId": .string(id)], message: .people(.userNotFound(id))))
  }
}

extension UpstreamService {
  /// randomuser.me: the users of the user directory.
  package static let randomUser = UpstreamService(
    "randomUser",
    name: "randomuser.me",
    offlineTexts: PeopleMessage.offline.texts
  )
}
