/// Beacon's version, reported by `beacon --version` and in `initialize`'s `serverInfo`.
package enum BeaconVersion {
  /// The semantic version of this build.
  package static let current = "0.1.0"
}
