/// A sentence that a feature's own module defines (its enum of nb, nn and en texts), carried by
/// ``LocalizedMessage/feature(_:)`` so that the shared core need not know the feature.
package protocol FeatureMessage: Sendable, Equatable {
  /// The (nb, nn, en) texts.
  var texts: (String, String, String) { get }
}

/// A feature's sentence inside a ``LocalizedMessage``; two are equal when their sentences are.
package struct FeatureSentence: Sendable, Equatable {
  /// The feature's sentence.
  package let message: any FeatureMessage

  /// Carries `message`.
  package init(_ message: some FeatureMessage) {
    self.message = message
  }

  package static func == (lhs: FeatureSentence, rhs: FeatureSentence) -> Bool {
    lhs.message.isEqual(to: rhs.message)
  }
}

extension FeatureMessage {
  /// Whether `other` is this very sentence.
  fileprivate func isEqual(to other: any FeatureMessage) -> Bool {
    (other as? Self) == self
  }
}

extension LocalizedMessage {
  /// The feature's sentence this message carries, if it is one of type `type`.
  package func featureMessage<Message: FeatureMessage>(_ type: Message.Type) -> Message? {
    guard case .feature(let sentence) = self else { return nil }
    return sentence.message as? Message
  }
}
