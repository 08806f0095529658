/// Beacon's version, reported by `beacon --version` and in `initialize`'s `serverInfo`.
public enum BeaconVersion {
  /// The semantic version of this build.
  public static let current = "0.1.0"
}
