/// The web APIs Beacon asks for data; an ``UpstreamFault`` names the one that failed. A feature's own module adds
/// its service (`UpstreamService.coinlore` in `BeaconCrypto`) with the sentences that are its own.
public struct UpstreamService: Sendable, Hashable, CustomStringConvertible {
  /// The service's identifier, e.g. `geoapify`.
  public let rawValue: String
  /// The service's name as people know it, in every language.
  public let name: String
  /// What running offline with nothing stored means for the service, if it has its own sentence for it.
  let offlineTexts: (String, String, String)?
  /// What the service being out of reach means, if it has its own sentence for it (given the name).
  let unavailableTexts: (@Sendable (String) -> (String, String, String))?

  /// A service called `name`, with its own sentences for being offline or out of reach where it has them.
  public init(
    _ rawValue: String,
    name: String,
    offlineTexts: (String, String, String)? = nil,
    unavailableTexts: (@Sendable (String) -> (String, String, String))? = nil
  ) {
    self.rawValue = rawValue
    self.name = name
    self.offlineTexts = offlineTexts
    self.unavailableTexts = unavailableTexts
  }

  /// Geoapify: place search, details, autocomplete and IP geolocation (with the user's key).
  public static let geoapify = UpstreamService("geoapify", name: "Geoapify")
  /// The services the shared core knows (features' modules add their own).
  public static let allCases: [UpstreamService] = [.geoapify]

  public var description: String { rawValue }

  public static func == (lhs: UpstreamService, rhs: UpstreamService) -> Bool { lhs.rawValue == rhs.rawValue }

  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
