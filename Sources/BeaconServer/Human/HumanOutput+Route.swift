import BeaconCore
import Foundation

extension HumanOutput {
  /// The route's length and corridor, then the places along it as a table in route order: how far along the
  /// route and how far off it each lies.
  package func route(_ result: RouteSearchResult) -> [String] {
    let length = distance(result.lengthMeters)
    let corridor = distance(result.corridorMeters)
    let lines = [
      language.choose(
        (
          "Rute på \(length), inntil \(corridor) fra ruten", "Rute på \(length), inntil \(corridor) frå ruta",
          "Route of \(length), up to \(corridor) off it"
        )
      )
    ]
    return lines
      + resultLines(
        table: result.places.isEmpty ? [] : routeTable(result.places, showsFacts: result.excludedUnknown != nil),
        message: result.message,
        excludedUnknown: result.excludedUnknown,
        staleSince: result.stale ? result.fetchedAt : nil,
        attribution: result.attribution
      )
  }

  /// The places along a route: the distance along it and the detour in place of the distance from a centre.
  func routeTable(_ places: [PlaceSummary], showsFacts: Bool) -> [String] {
    placeTable(
      places,
      showsFacts: showsFacts,
      between: [
        (
          .init(header: language.choose(("Langs ruten", "Langs ruta", "Along")), alignment: .right),
          { distance($0.alongRouteMeters) }
        ),
        (
          .init(header: language.choose(("Omvei", "Omveg", "Detour")), alignment: .right), { distance($0.detourMeters) }
        ),
      ] + nameAndCategory
    )
  }
}
