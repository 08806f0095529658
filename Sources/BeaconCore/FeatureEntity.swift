/// Something a request names that only a feature's own module knows (a coin): the `data` field that carries its id
/// on the wire, the id, and the sentence for people. Carried by ``UnknownEntity/feature(_:)``.
public struct FeatureEntity: Sendable, Equatable {
  /// The name of the id's field in an error's `data`, e.g. `coinId`.
  public let idField: String
  /// The id as the request gave it.
  public let id: String
  /// The sentence for people.
  public let message: LocalizedMessage

  /// An unknown entity whose id goes out as `idField`.
  public init(idField: String, id: String, message: LocalizedMessage) {
    self.idField = idField
    self.id = id
    self.message = message
  }
}
