extension FeatureVerb {
  /// The verbs of the features this program is built with, in the order help lists them.
  static let all: [FeatureVerb] = [.fruits, .crypto, .users]
}
