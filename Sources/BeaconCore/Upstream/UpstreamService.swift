/// The web APIs Beacon asks for data; an ``UpstreamFault`` names the one that failed. A feature's own module adds
/// its service (`UpstreamService.coinlore` in `BeaconCrypto`) with the sentences that are its own.
package struct UpstreamService: Sendable, Hashable, CustomStringConvertible {
  /// The service's identifier, e.g. `geoapify`.
  package let rawValue: String
  /// The service's name as people know it, in every language.
  package let name: String
  /// What running offline with nothing stored means for the service, if it has its own sentence for it.
  let offlineTexts: (String, String, String)?
  /// What the service being out of reach means, if it has its own sentence for it (given the name).
  let unavailableTexts: (@Sendable (String) -> (String, String, String))?

  /// A service called `name`, with its own sentences for being offline or out of reach where it has them.
  package init(
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
  package static let geoapify = UpstreamService(
    "geoapify",
    name: "Geoapify",
    offlineTexts: (
      "Med --offline spør ikke Beacon Geoapify, og svaret er ikke lagret fra før; kjør uten --offline for å hente det",
      "Med --offline spør ikkje Beacon Geoapify, og svaret er ikkje lagra frå før; køyr utan --offline for å hente det",
      "With --offline Beacon does not ask Geoapify, and the answer is not stored yet; run without --offline to fetch it"
    )
  )
  /// The services the shared core knows (features' modules add their own).
  package static let allCases: [UpstreamService] = [.geoapify]

  package var description: String { rawValue }

  package static func == (lhs: UpstreamService, rhs: UpstreamService) -> Bool { lhs.rawValue == rhs.rawValue }

  package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
