import BeaconCore
import Foundation

/// Numbers, distances, ratings and places written for people in one language: Norwegian decimal commas for
/// `nb` and `nn`, points for `en`.
struct HumanOutput {
  let language: Language

  /// `text` in this output's language.
  func text(_ message: CLIText) -> String { message.text(in: language) }

  /// `value` with `digits` decimals and the language's decimal mark (`4,5` or `4.5`).
  func decimal(_ value: Double, digits: Int = 1) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    let text = String(format: "%.\(digits)f", rounded)
    return language == .en ? text : text.replacingOccurrences(of: ".", with: ",")
  }

  /// `350 m` below a kilometre, `1,2 km` (English `1.2 km`) from there on; empty without a distance.
  func distance(_ meters: Int?) -> String {
    guard let meters else { return "" }
    if meters < 1_000 { return "\(meters) m" }
    return "\(decimal(Double(meters) / 1_000)) km"
  }

  /// A radius: `5 km`, `1,5 km`, `800 m`.
  func radius(_ meters: Int) -> String {
    if meters < 1_000 { return "\(meters) m" }
    if meters % 1_000 == 0 { return "\(meters / 1_000) km" }
    return distance(meters)
  }

  /// `★ 4,5 (2)`: the average with one decimal and how many ratings; empty when unrated.
  func rating(_ summary: RatingSummary?) -> String {
    guard let summary else { return "" }
    return "★ \(decimal(summary.average)) (\(summary.count))"
  }

  /// `59.9111, 10.7503`: coordinates keep the decimal point in every language, so they can be pasted.
  func coordinate(_ point: Coordinate) -> String {
    "\(Self.degrees(point.lat)), \(Self.degrees(point.lon))"
  }

  /// Up to 6 decimals, without trailing zeros.
  static func degrees(_ value: Double) -> String {
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// A date and time in the local time zone, `2026-11-22 21:55`.
  func date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  // MARK: - Places

  /// Places as an aligned table: favourite mark, name, category, distance, rating, address and id.
  func placeTable(_ places: [PlaceSummary]) -> [String] {
    let table = TableFormatter(columns: [
      .init(header: ""),
      .init(header: text(.columnName), maxWidth: 40),
      .init(header: text(.columnCategory)),
      .init(header: text(.columnDistance), alignment: .right),
      .init(header: text(.columnRating)),
      .init(header: text(.columnAddress), maxWidth: 48),
      .init(header: text(.columnID)),
    ])
    let rows = places.map { place in
      [
        place.isFavorite ? "♥" : "",
        Self.singleLine(place.name),
        place.category.label(in: language),
        distance(place.distanceMeters),
        rating(place.rating),
        Self.singleLine(place.address ?? ""),
        place.id,
      ]
    }
    return table.render(rows)
  }

  /// `label: value` lines with the values aligned; pairs without a value are left out.
  func labelled(_ pairs: [(CLIText, String?)]) -> [String] {
    let present = pairs.compactMap { label, value -> (String, String)? in
      guard let value, !value.isEmpty else { return nil }
      return (text(label) + ":", Self.singleLine(value))
    }
    let width = present.map { TableFormatter.width(of: $0.0) }.max() ?? 0
    return present.map { TableFormatter.pad($0.0, to: width) + "  " + $0.1 }
  }

  /// The details view of one place.
  func details(_ result: PlaceDetailsResult) -> [String] {
    let place = result.place
    var lines = labelled([
      (.labelName, place.name),
      (.labelCategory, "\(place.presentation.emoji) \(place.category.label(in: language))"),
      (.labelAddress, place.address),
      (.labelCoordinates, coordinate(place.location)),
      (.labelOpeningHours, place.openingHours),
      (.labelPhone, place.phone),
      (.labelWebsite, place.website),
      (.labelEmail, place.email),
      (.labelCuisine, place.cuisine.map { $0.joined(separator: ", ") }),
      (.labelRating, place.rating == nil ? text(.noRatings) : rating(place.rating)),
      (.labelFavorite, place.isFavorite ? "♥ " + text(.yes) : text(.no)),
      (.columnID, place.id),
      (.labelAppleMaps, place.links.appleMaps),
      (.labelGeo, place.links.geo),
      (.labelOpenStreetMap, place.links.openStreetMap),
    ])
    if result.stale { lines.append(text(.staleData(date(result.fetchedAt)))) }
    lines.append("")
    lines.append(result.attribution)
    return lines
  }

  /// The settings as labelled lines.
  func settings(_ settings: Settings) -> [String] {
    labelled([
      (.labelCenter, coordinate(settings.center)),
      (.labelRadius, radius(settings.radiusMeters)),
      (.labelCategory, settings.category.label(in: language)),
      (.labelSort, settings.sort.label(in: language)),
      (.labelLanguage, settings.locale.label),
    ])
  }

  /// `text` on one line: line breaks and tabs become spaces, so a name cannot break the table.
  static func singleLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}
