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
    let showsHours = places.contains { $0.openNow != nil }
    var columns: [TableFormatter.Column] = [
      .init(header: ""),
      .init(header: language.choose(("Langs ruten", "Langs ruta", "Along")), alignment: .right),
      .init(header: language.choose(("Omvei", "Omveg", "Detour")), alignment: .right),
      .init(header: text(.columnName), maxWidth: 40),
      .init(header: text(.columnCategory)),
      .init(header: text(.columnRating)),
    ]
    if showsHours { columns.append(.init(header: text(.columnOpen))) }
    if showsFacts { columns.append(.init(header: text(.columnFacts), maxWidth: 60)) }
    columns += [.init(header: text(.columnAddress), maxWidth: 48), .init(header: text(.columnID))]
    let rows = places.map { place in
      var row = [
        place.isFavorite ? "♥" : "",
        distance(place.alongRouteMeters),
        distance(place.detourMeters),
        Self.singleLine(place.name),
        place.category.label(in: language),
        rating(place.rating),
      ]
      if showsHours { row.append(openingStatus(place.openNow, closesAt: place.closesAt, opensAt: place.opensAt)) }
      if showsFacts { row.append(place.facts.line(in: language) ?? "") }
      return row + [Self.singleLine(place.address ?? ""), place.id]
    }
    return TableFormatter(columns: columns).render(rows)
  }
}
