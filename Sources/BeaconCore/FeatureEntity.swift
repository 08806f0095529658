import BeaconJSON

/// Something a request names that only a feature's own module knows (a coin, a fruit): the fields that name it in an
/// error's `data` on the wire, and the sentence for people. Carried by ``UnknownEntity/feature(_:)``.
package struct FeatureEntity: Sendable, Equatable {
  /// What names the entity in `data` of a `notFound` error, e.g. `["coinId": "90"]`.
  package let ids: [String: JSONValue]
  /// The sentence for people.
  package let message: LocalizedMessage

  /// An unknown entity named by `ids` on the wire.
  package init(ids: [String: JSONValue], message: LocalizedMessage) {
    self.ids = ids
    self.message = message
  }
}
