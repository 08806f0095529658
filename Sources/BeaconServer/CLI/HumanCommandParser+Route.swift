import BeaconCore

extension HumanCommandParser {
  /// The options of `beacon route`.
  static let routeOptions: Set<String> = [
    "--from", "--to", "--corridor", "--category", "--sort", "--limit", "--refresh", "--open-now", "--demo",
  ]

  /// `beacon route FILE` or `beacon route --from LAT,LON --to LAT,LON`, with the search options that make sense
  /// along a route.
  func parseRoute() throws(UsageError) -> Command {
    try allow(Self.routeOptions.union(Self.filterOptions))
    let source: RouteOptions.Source
    switch (last("--from"), last("--to"), arguments.first) {
    case (let from?, let to?, nil):
      guard let start = Self.coordinate(from) else { throw UsageError(.invalidPosition(option: "--from", value: from)) }
      guard let end = Self.coordinate(to) else { throw UsageError(.invalidPosition(option: "--to", value: to)) }
      source = .line(from: start, to: end)
    case (nil, nil, let file?):
      try expect(arguments: ["FILE"])
      source = .file(file)
    case (_?, _, _?), (_, _?, _?):
      throw UsageError(.conflictingOptions("--from/--to", arguments[0]))
    case (_?, nil, nil):
      throw UsageError(message: .missingValue("--to"))
    case (nil, _, nil):
      throw UsageError(message: .missingValue("--from"))
    }
    var route = RouteOptions(source: source)
    route.format = try format(geoJSON: true)
    route.corridorMeters = try integer("--corridor", in: RouteLine.corridorRange)
    if let value = last("--category") {
      guard let category = PlaceCategory(rawValue: value.lowercased()) else {
        throw UsageError(
          .invalidChoice(option: "--category", value: value, choices: PlaceCategory.allCases.map(\.rawValue))
        )
      }
      route.category = category
    }
    if let value = last("--sort") {
      guard let sort = PlaceSort(rawValue: value.lowercased()) else {
        throw UsageError(.invalidChoice(option: "--sort", value: value, choices: PlaceSort.allCases.map(\.rawValue)))
      }
      route.sort = sort
    }
    route.limit = try integer("--limit", in: PlaceSearch.limitRange)
    route.refresh = has("--refresh")
    route.openNow = has("--open-now")
    route.includeDemo = has("--demo")
    route.filters = try filterParams()
    return .route(route)
  }
}
