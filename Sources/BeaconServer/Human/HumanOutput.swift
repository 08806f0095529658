import BeaconCore
import Foundation
import JSONRPC

/// Results written as text in one language, for people at the command line (`beacon search`) and for agents
/// that read the text of an MCP tool result: Norwegian decimal commas for `nb` and `nn`, points for `en`.
package struct HumanOutput: Sendable {
  /// Who reads the text, which decides how hints name the way to change something.
  package enum Audience: Sendable, Equatable {
    /// A person at the command line: hints name options such as `--near`.
    case commandLine
    /// An agent calling MCP tools: hints name tool arguments such as `center`.
    case agent

    /// How to choose another search centre, in nb, nn and en.
    var centerHint: (nb: String, nn: String, en: String) {
      switch self {
      case .commandLine: ("--near BREDDE,LENGDE", "--near BREIDD,LENGD", "--near LAT,LON")
      case .agent: ("'center'", "'center'", "'center'")
      }
    }

    /// How to add a favourite.
    var favoriteHint: String {
      switch self {
      case .commandLine: "'beacon favorites add ID'"
      case .agent: "'favorites_add'"
      }
    }
  }

  /// The language of the text.
  package let language: Language
  /// Who reads it.
  package let audience: Audience
  /// The time the text is written at: opening and closing times within a day show only the time.
  package let now: Date

  /// Creates an output for `language` and `audience`, written at `now`.
  package init(language: Language, audience: Audience = .commandLine, now: Date = Date()) {
    self.language = language
    self.audience = audience
    self.now = now
  }

  /// `text` in this output's language.
  package func text(_ message: HumanText) -> String { message.text(in: language) }

  /// `value` with `digits` decimals and the language's decimal mark (`4,5` or `4.5`).
  package func decimal(_ value: Double, digits: Int = 1) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    let text = String(format: "%.\(digits)f", rounded)
    return language == .en ? text : text.replacingOccurrences(of: ".", with: ",")
  }

  /// `350 m` below a kilometre, `1,2 km` (English `1.2 km`) from there on; empty without a distance.
  package func distance(_ meters: Int?) -> String {
    guard let meters else { return "" }
    if meters < 1_000 { return "\(meters) m" }
    return "\(decimal(Double(meters) / 1_000)) km"
  }

  /// A radius: `5 km`, `1,5 km`, `800 m`.
  package func radius(_ meters: Int) -> String {
    if meters < 1_000 { return "\(meters) m" }
    if meters % 1_000 == 0 { return "\(meters / 1_000) km" }
    return distance(meters)
  }

  /// `★ 4,5 (2)`: the average with one decimal and how many ratings; empty when unrated.
  package func rating(_ summary: RatingSummary?) -> String {
    guard let summary else { return "" }
    return "★ \(decimal(summary.average)) (\(summary.count))"
  }

  /// `59.9111, 10.7503`: coordinates keep the decimal point in every language, so they can be pasted.
  package func coordinate(_ point: Coordinate) -> String {
    "\(Self.degrees(point.lat)), \(Self.degrees(point.lon))"
  }

  /// Up to 6 decimals, without trailing zeros.
  package static func degrees(_ value: Double) -> String {
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// A date and time in the local time zone, `2026-11-22 21:55`.
  package func date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  // MARK: - Places

  /// Places as an aligned table: favourite mark, name, category, distance, rating, whether open now (when any
  /// place's hours tell), address and id.
  /// With `showsFacts` (a filtered list), a column says what each place's data says about diets, cuisine, access,
  /// outdoor seating and takeaway.
  package func placeTable(_ places: [PlaceSummary], showsFacts: Bool = false) -> [String] {
    placeTable(
      places,
      showsFacts: showsFacts,
      between: nameAndCategory + [
        (.init(header: text(.columnDistance), alignment: .right), { distance($0.distanceMeters) })
      ]
    )
  }

  /// The name and category columns of a place table.
  var nameAndCategory: [PlaceColumn] {
    [
      (.init(header: text(.columnName), maxWidth: 40), { Self.singleLine($0.name) }),
      (.init(header: text(.columnCategory)), { $0.category.label(in: language) }),
    ]
  }

  /// A column of a place table with how it shows each place.
  typealias PlaceColumn = (column: TableFormatter.Column, cell: (PlaceSummary) -> String)

  /// Places as an aligned table: favourite mark, the columns `between`, rating, whether open now (when any place's
  /// hours tell), with `showsFacts` what each place's data says, address and id.
  func placeTable(_ places: [PlaceSummary], showsFacts: Bool, between: [PlaceColumn]) -> [String] {
    let showsHours = places.contains { $0.openNow != nil }
    var columns = [TableFormatter.Column(header: "")] + between.map(\.column) + [.init(header: text(.columnRating))]
    if showsHours { columns.append(.init(header: text(.columnOpen))) }
    if showsFacts { columns.append(.init(header: text(.columnFacts), maxWidth: 60)) }
    columns += [.init(header: text(.columnAddress), maxWidth: 48), .init(header: text(.columnID))]
    let rows = places.map { place in
      var row = [place.isFavorite ? "♥" : ""] + between.map { $0.cell(place) } + [rating(place.rating)]
      if showsHours { row.append(openingStatus(place.openNow, closesAt: place.closesAt, opensAt: place.opensAt)) }
      if showsFacts { row.append(place.facts.line(in: language) ?? "") }
      return row + [Self.singleLine(place.address ?? ""), place.id]
    }
    return TableFormatter(columns: columns).render(rows)
  }

  /// `label: value` lines with the values aligned; pairs without a value are left out.
  package func labelled(_ pairs: [(HumanText, String?)]) -> [String] {
    let present = pairs.compactMap { label, value -> (String, String)? in
      guard let value, !value.isEmpty else { return nil }
      return (text(label) + ":", Self.singleLine(value))
    }
    let width = present.map { TableFormatter.width(of: $0.0) }.max() ?? 0
    return present.map { TableFormatter.pad($0.0, to: width) + "  " + $0.1 }
  }

  /// The details view of one place: every line whose label `keeping` accepts (all unless told).
  package func details(_ result: PlaceDetailsResult, keeping: (HumanText) -> Bool = { _ in true }) -> [String] {
    let place = result.place
    let pairs: [(HumanText, String?)] = [
      (.labelName, place.name),
      (.labelCategory, "\(place.presentation.emoji) \(place.category.label(in: language))"),
      (.labelAddress, place.address),
      (.labelCoordinates, coordinate(place.location)),
      (.labelOpeningHours, place.openingHours?.raw),
      (.labelOpenNow, place.openingHours.map { openingStatus($0.openNow, closesAt: $0.closesAt, opensAt: $0.opensAt) }),
      (.labelPhone, place.phone),
      (.labelWebsite, place.website),
      (.labelEmail, place.email),
      (.labelCuisine, place.cuisine.map { $0.joined(separator: ", ") }),
      (.labelStars, place.tags?["stars"]?.stringValue.flatMap(Self.stars)),
      (.labelFacts, place.facts.line(in: language)),
      (.labelRating, place.rating == nil ? text(.noRatings) : rating(place.rating)),
      (.labelFavorite, place.isFavorite ? "♥ " + text(.yes) : text(.no)),
      (.columnID, place.id),
      (.labelAppleMaps, place.links.appleMaps),
      (.labelGeo, place.links.geo),
      (.labelOpenStreetMap, place.links.openStreetMap),
    ]
    var lines = labelled(pairs.filter { keeping($0.0) })
    if result.stale { lines.append(text(.staleData(date(result.fetchedAt)))) }
    lines.append("")
    lines.append(result.attribution)
    return lines
  }

  /// A hotel's OSM `stars` (`4`, `3S` for superior, `4.5`): as many ★ with the value, or the value as it is when it
  /// is no number of stars from 1 to 7; `nil` for a blank one.
  static func stars(_ value: String) -> String? {
    let value = value.trimmingCharacters(in: .whitespaces)
    guard !value.isEmpty else { return nil }
    let number = value.hasSuffix("S") ? String(value.dropLast()) : value
    guard let count = Double(number), count >= 1, count <= 7 else { return value }
    return String(repeating: "★", count: Int(count)) + " (\(value))"
  }

  /// The settings as labelled lines.
  package func settings(_ settings: Settings) -> [String] {
    labelled([
      (.labelCenter, coordinate(settings.center)),
      (.labelRadius, radius(settings.radiusMeters)),
      (.labelCategory, settings.category.label(in: language)),
      (.labelSort, settings.sort.label(in: language)),
      (.labelLanguage, settings.locale.label),
    ])
  }

  /// The centre line, the table (or the message when nothing was found), the message, and the attribution.
  package func search(_ result: PlaceSearchResult) -> [String] {
    var lines: [String] = []
    let point = coordinate(result.center)
    switch result.centerSource {
    case "request", nil: break
    case "settings": lines.append(text(.storedCenter(point, audience)))
    case "ip": lines.append(text(.approximateCenter(point, city: result.city)))
    case "demo": lines.append(text(.demoCenter(point, audience)))
    case "imported": lines.append(text(.importedCenter(point, audience)))
    default: lines.append(text(.otherCenter(point)))
    }
    return lines
      + resultLines(
        table: result.places.isEmpty ? [] : placeTable(result.places, showsFacts: result.excludedUnknown != nil),
        message: result.message,
        excludedUnknown: result.excludedUnknown,
        staleSince: result.stale ? result.fetchedAt : nil,
        attribution: result.attribution
      )
  }

  /// The favourites as a table under the centre their distances are measured from, or how to add one (with
  /// `openOnly`, that none of them is open now).
  package func favorites(_ list: ListFavoritesRequest.Response, openOnly: Bool = false) -> [String] {
    guard list.places.isEmpty else {
      let table = placeTable(list.places, showsFacts: list.excludedUnknown != nil)
      return [text(.distancesFrom(coordinate(list.center), source: list.centerSource))] + table
        + [excludedUnknown(list.excludedUnknown)].compactMap { $0 }
    }
    if list.excludedUnknown != nil {
      return [text(.core(.noResults))] + [excludedUnknown(list.excludedUnknown)].compactMap { $0 }
    }
    return [openOnly ? text(.core(.noneOpenNow)) : text(.noFavorites(audience))]
  }

  /// How many places of each category came in, and which features were left out and why.
  ///
  /// Reads the result as JSON: `{file, total, imported: {restaurant, cafe, hotel}, added, updated, unchanged,
  /// removed, kept, derivedIds, skipped: {reason: count}}`; places whose ids were derived from their content get a
  /// note that a re-import cannot update them.
  package func importSummary(_ result: JSONValue) -> [String] {
    let file = result["file"]?.stringValue ?? ""
    let total = result["total"]?.intValue ?? 0
    var lines = [text(.imported(total: total, file: file == "-" ? nil : file))]
    let imported = PlaceCategory.allCases.map { category in
      (category, result["imported"]?[category.rawValue]?.intValue ?? 0)
    }
    let countWidth = imported.map { String($0.1).count }.max() ?? 1
    for (category, count) in imported {
      let noun = category.counted(count, in: language).drop(while: { $0 != " " }).dropFirst()
      lines.append("  " + TableFormatter.pad(String(count), to: countWidth, alignment: .right) + " " + noun)
    }
    if let added = result["added"]?.intValue {
      let number = { (key: String) in result[key]?.intValue ?? 0 }
      lines.append(
        text(
          .importChanges(
            added: added,
            updated: number("updated"),
            unchanged: number("unchanged"),
            removed: number("removed")
          )
        )
      )
      if number("kept") > 0 { lines.append(text(.importKept(number("kept")))) }
    }
    var skipped: [(reason: String, count: Int)] = []
    for (reason, value) in result["skipped"]?.objectValue ?? [:] {
      if let count = value.intValue, count > 0 { skipped.append((reason, count)) }
    }
    skipped.sort { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
    if !skipped.isEmpty {
      let skippedTotal = skipped.reduce(0) { $0 + $1.count }
      lines.append(text(.skipped(skippedTotal)))
      let skippedWidth = skipped.map { String($0.count).count }.max() ?? 1
      for (reason, count) in skipped {
        let number = TableFormatter.pad(String(count), to: skippedWidth, alignment: .right)
        lines.append("  " + number + " " + text(.skipReason(reason)))
      }
    }
    if let derived = result["derivedIds"]?.intValue, derived > 0 {
      lines.append(text(.core(.osmImport(.derivedIDs(derived)))))
    }
    return lines
  }

  /// `text` on one line: line breaks and tabs become spaces, so a name cannot break the table.
  package static func singleLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }

  /// `text` without what a terminal would obey rather than show: control characters other than line breaks and tabs
  /// (an escape sequence in a place's name, or in an upstream's message, could clear the screen or set the window's
  /// title) and the bidirectional overrides and isolates, which make text read as something else.
  package static func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !isHidden(scalar) { scalars.append(scalar) }
    return String(scalars)
  }

  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `Left out because …: Diet 3, Wheelchair 1` (filters in the order of the params), or `nil` when no filter left
  /// What ends a search's text, along a route or around a point: the table (or `message`, or "no results" when
  /// the table is empty), the count of places left out for lack of data, a stale-data warning, the attribution.
  func resultLines(
    table: [String],
    message: String?,
    excludedUnknown counts: [String: Int]?,
    staleSince: Date?,
    attribution: String
  ) -> [String] {
    var lines: [String] = []
    if table.isEmpty {
      lines.append(message ?? text(.core(.noResults)))
    } else {
      lines += table
      if let message { lines.append(message) }
    }
    if let line = excludedUnknown(counts) { lines.append(line) }
    if let staleSince { lines.append(text(.staleData(date(staleSince)))) }
    lines.append("")
    lines.append(attribution)
    return lines
  }

  /// out a place for lack of data.
  func excludedUnknown(_ counts: [String: Int]?) -> String? {
    let shown = PlaceFilters.Name.allCases.compactMap { name -> String? in
      guard let count = counts?[name.rawValue], count > 0 else { return nil }
      return "\(name.label(in: language)) \(count)"
    }
    return shown.isEmpty ? nil : text(.excludedUnknown(shown.joined(separator: ", ")))
  }
}
