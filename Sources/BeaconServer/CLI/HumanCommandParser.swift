import BeaconCore
import BeaconJSON
import Foundation

/// How a human command prints its result.
package enum OutputFormat: Equatable {
  /// Tables and labelled lines in the session's language.
  case human
  /// The method's `result`, pretty-printed.
  case json
  /// An RFC 7946 FeatureCollection (search and favourites).
  case geojson
}

/// What `beacon search` asks for; `nil` fields are left to the stored settings.
package struct SearchOptions: Equatable {
  var category: PlaceCategory?
  var center: Coordinate?
  var radiusMeters: Int?
  var text: String?
  var sort: PlaceSort?
  var favoritesOnly = false
  var openNow = false
  /// Search the demo places too after the user has imported places of their own.
  var includeDemo = false
  var limit: Int?
  var refresh = false
  var format = OutputFormat.human
  /// The filter params (`diet`, `cuisine`, `wheelchair`, `outdoorSeating`, `takeaway`, `openAt`, `openFor`,
  /// `minRating`) as given, for the server to check.
  var filters: [String: JSONValue] = [:]
}

/// A command's own options in the order they were given: name and value (`nil` for a switch).
struct CommandOptions: Equatable {
  private(set) var entries: [(name: String, value: String?)] = []

  /// The option names, in order.
  var names: [String] { entries.map(\.name) }

  mutating func append(_ name: String, _ value: String?) {
    entries.append((name, value))
  }

  static func == (lhs: CommandOptions, rhs: CommandOptions) -> Bool {
    lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.value == $1.value }
  }
}

/// Turns a human command (`search`, `details`, `rate`, `favorites`, `settings`, `import`, a feature's verb
/// (``FeatureVerb``)) and its options into a ``CommandLineArguments/Command``, checking every value.
struct HumanCommandParser {
  let command: String
  let arguments: [String]
  let options: CommandOptions

  typealias UsageError = CommandLineArguments.UsageError
  typealias Command = CommandLineArguments.Command

  func parse() throws(UsageError) -> Command {
    switch command {
    case "search":
      let own: Set<String> = [
        "--category", "--near", "--radius", "--text", "--sort", "--favorites", "--limit", "--refresh", "--open-now",
        "--demo",
      ]
      try allow(own.union(Self.filterOptions))
      try expect(arguments: [])
      return .search(try searchOptions())
    case "route":
      return try parseRoute()
    case "details":
      try allow(["--refresh"])
      let id = try expect(arguments: ["ID"])[0]
      return .details(id: id, refresh: has("--refresh"), format: try format())
    case "rate":
      try allow(["--comment"])
      let values = try expect(arguments: ["ID", "STARS"])
      guard let stars = Int(values[1]) else { throw UsageError(.invalidInteger(name: "STARS", value: values[1])) }
      return .rate(id: values[0], stars: stars, comment: last("--comment"), format: try format())
    case "favorites":
      try allow(arguments.isEmpty ? Self.filterOptions.union(["--open-now"]) : [])
      switch arguments.first {
      case nil:
        let list = CommandLineArguments.FavoritesAction.list(openNow: has("--open-now"), filters: try filterParams())
        return .favorites(list, format: try format(geoJSON: true))
      case "add": return .favorites(.add(id: try expect(arguments: ["ID"], after: 1)[0]), format: try format())
      case "remove": return .favorites(.remove(id: try expect(arguments: ["ID"], after: 1)[0]), format: try format())
      case let other?: throw UsageError(message: .unknownCommand("favorites \(other)"))
      }
    case "settings":
      try allow([])
      switch arguments.first {
      case nil: return .settings(.show, format: try format())
      case "reset":
        try expect(arguments: [], after: 1)
        return .settings(.reset, format: try format())
      case let other?: throw UsageError(message: .unknownCommand("settings \(other)"))
      }
    case "import":
      try allow([])
      let path = try expect(arguments: ["FILE"])[0]
      return .importFile(path: path, format: try format())
    case "store":
      return try parseStore()
    default:
      if let verb = FeatureVerb.all.first(where: { $0.name == command }) { return try verb.parse(self) }
      throw UsageError(
        .unknownCommand(command, suggestion: CLIText.closest(to: command, among: CommandLineArguments.commandNames))
      )
    }
  }

  // MARK: - Options

  /// Rejects options other than `allowed`, `--json` and (for search) `--geojson`.
  func allow(_ allowed: Set<String>) throws(UsageError) {
    let always: Set<String> = ["--json", "--geojson"]
    for name in options.names where !allowed.contains(name) && !always.contains(name) {
      throw UsageError(.optionNotAllowed(option: name, command: command))
    }
  }

  func has(_ name: String) -> Bool { options.names.contains(name) }

  /// The last value given for `name`.
  func last(_ name: String) -> String? {
    options.entries.last { $0.name == name }?.value
  }

  /// The output format from `--json` and `--geojson` (the latter only where `geoJSON` allows it).
  func format(geoJSON allowsGeoJSON: Bool = false) throws(UsageError) -> OutputFormat {
    switch (has("--json"), has("--geojson")) {
    case (true, true): throw UsageError(.conflictingOptions("--json", "--geojson"))
    case (_, true) where !allowsGeoJSON: throw UsageError(.optionNotAllowed(option: "--geojson", command: command))
    case (_, true): return .geojson
    case (true, _): return .json
    default: return .human
    }
  }

  /// `beacon AREA [list] [--refresh]`, the listing of a side domain: whether to fetch it again.
  func listing() throws(UsageError) -> Bool {
    try allow(["--refresh"])
    try expect(arguments: [], after: arguments.isEmpty ? 0 : 1)
    return has("--refresh")
  }

  /// Checks that exactly the arguments `names` follow the first `after` ones, and returns them.
  @discardableResult
  func expect(arguments names: [String], after skipped: Int = 0) throws(UsageError) -> [String] {
    let given = Array(arguments.dropFirst(skipped))
    if given.count < names.count { throw UsageError(message: .missingArgument(names[given.count])) }
    if given.count > names.count { throw UsageError(.unexpectedArgument(given[names.count])) }
    return given
  }

  // MARK: - Search

  private func searchOptions() throws(UsageError) -> SearchOptions {
    var search = SearchOptions()
    search.format = try format(geoJSON: true)
    search.favoritesOnly = has("--favorites")
    search.openNow = has("--open-now")
    search.includeDemo = has("--demo")
    search.refresh = has("--refresh")
    search.text = last("--text")
    if let value = last("--category") {
      guard let category = PlaceCategory(rawValue: value.lowercased()) else {
        throw UsageError(
          .invalidChoice(option: "--category", value: value, choices: PlaceCategory.allCases.map(\.rawValue))
        )
      }
      search.category = category
    }
    if let value = last("--sort") {
      guard let sort = PlaceSort(rawValue: value.lowercased()) else {
        throw UsageError(.invalidChoice(option: "--sort", value: value, choices: PlaceSort.allCases.map(\.rawValue)))
      }
      search.sort = sort
    }
    if let value = last("--near") {
      guard let center = Self.coordinate(value) else { throw UsageError(.invalidNear(value)) }
      search.center = center
    }
    if let value = last("--radius") {
      guard let kilometres = Self.decimal(value), kilometres.isFinite else {
        throw UsageError(.invalidNumber(option: "--radius", value: value))
      }
      // The range is checked here, in the unit the user typed (km), not by the server in metres.
      let meters = abs(kilometres) < 1e9 ? Int((kilometres * 1000).rounded()) : Int.max
      guard Settings.radiusRange.contains(meters) else {
        throw UsageError(
          .outOfRange(
            option: "--radius",
            lower: String(Settings.radiusRange.lowerBound / 1000),
            upper: String(Settings.radiusRange.upperBound / 1000),
            value: value.trimmingCharacters(in: .whitespaces),
            unit: "km"
          )
        )
      }
      search.radiusMeters = meters
    }
    search.limit = try integer("--limit", in: PlaceSearch.limitRange)
    search.filters = try filterParams()
    return search
  }

  /// The whole number given for `name`, checked against `range` (a usage error, in the option's own words).
  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let value = last(name) else { return nil }
    guard let number = Int(value) else { throw UsageError(.invalidInteger(name: name, value: value)) }
    guard range.contains(number) else {
      if range.upperBound == Int.max {
        throw UsageError(.tooSmall(option: name, lower: String(range.lowerBound), value: value))
      }
      throw UsageError(
        .outOfRange(
          option: name,
          lower: String(range.lowerBound),
          upper: String(range.upperBound),
          value: value,
          unit: nil
        )
      )
    }
    return number
  }

  /// A decimal number with `.` or `,` as the decimal mark (`1.5`, `1,5`).
  static func decimal(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.filter({ $0 == "," || $0 == "." }).count <= 1 else { return nil }
    guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || ",.+-".contains($0)) }) else { return nil }
    return Double(trimmed.replacingOccurrences(of: ",", with: "."))
  }

  /// `LAT,LON` (`59.9111,10.7503`, spaces allowed); also `59,9111,10,7503` with decimal commas. Values out of
  /// range are left for the server to refuse in the session's language.
  static func coordinate(_ text: String) -> Coordinate? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let numbers: [String]
    switch parts.count {
    case 2: numbers = parts
    case 4: numbers = [parts[0] + "." + parts[1], parts[2] + "." + parts[3]]
    default: return nil
    }
    guard numbers.allSatisfy({ !$0.contains(",") }), let lat = decimal(numbers[0]), let lon = decimal(numbers[1]),
      lat.isFinite, lon.isFinite
    else { return nil }
    return Coordinate(lat: lat, lon: lon)
  }
}
