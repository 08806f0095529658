import BeaconCore

extension Feature {
  /// The features the program is built with, in the order help and errors name their tool sets: the one list that
  /// names them all (with their CLI verbs, ``Feature/verbs``). A domain comes in or goes out with its line here, its
  /// line in ``listed`` and its targets in `Package.swift`.
  package static let built: [Feature] = [
    .protocol, .places, .ratings, .favorites, .settings, .routes, .fruits, .people, .crypto,
  ]

  /// The built features' methods, in the order `tools/list` has always shown their tools: the import of places
  /// comes after the settings, crypto before people.
  static let listed: [MethodDescriptor] =
    protocolMethods + placesMethods + ratingsMethods + favoritesMethods + settingsMethods + importMethods
    + routesMethods + fruitsMethods + cryptoMethods + peopleMethods
}
