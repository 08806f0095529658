import Foundation

/// What a search or list asks of places beyond category, area and text: diets, cuisine, step-free access,
/// outdoor seating, takeaway, opening at a given time, and the user's own rating.
///
/// Unknown is not no: a place whose data says nothing about a filter is left out, but counted (see
/// ``Verdict/unknown(_:)``), so a client can offer to include such places.
package struct PlaceFilters: Sendable, Equatable {
  /// Any of these diets, said yes or only to.
  package var diet: Set<Diet>
  /// Any of these OSM cuisine values (lowercase).
  package var cuisine: Set<String>
  /// `yes`, or `limited` (which also accepts `yes`).
  package var wheelchair: Wheelchair?
  package var outdoorSeating: Bool?
  package var takeaway: Bool?
  /// Open at this local time in the place's own time zone.
  package var openAt: LocalTime?
  /// Open for at least this many minutes from ``openAt`` (from the time of the search when that is absent).
  package var openFor: Int?
  /// The user's own average rating at least this (1…5).
  package var minRating: Double?

  /// The filters by their wire names, as `excludedUnknown` counts them (`openFor` counts under `openAt`).
  package enum Name: String, Sendable, CaseIterable, Codable {
    case diet, cuisine, wheelchair, outdoorSeating, takeaway, openAt, minRating
  }

  /// A wall-clock moment without a zone, `2026-11-25T19:00` (ISO 8601 local date-time).
  package struct LocalTime: Sendable, Equatable {
    package var day: CivilDate
    /// Seconds since local midnight.
    package var second: Int

    /// Parses `YYYY-MM-DDTHH:MM` with optional `:SS`; `nil` for anything else (offsets included).
    package init?(parsing text: String) {
      let characters = Array(text.trimmingCharacters(in: .whitespaces))
      guard characters.count == 16 || characters.count == 19, characters[10] == "T" || characters[10] == "t",
        characters[13] == ":", let day = CivilDate(parsing: String(characters[0..<10])), day.isValid,
        let hour = Int(String(characters[11..<13])), let minute = Int(String(characters[14..<16])),
        (0...23).contains(hour), (0...59).contains(minute)
      else { return nil }
      var second = 0
      if characters.count == 19 {
        guard characters[16] == ":", let value = Int(String(characters[17..<19])), (0...59).contains(value) else {
          return nil
        }
        second = value
      }
      self.day = day
      self.second = hour * 3_600 + minute * 60 + second
    }

    /// The instant this wall-clock time names in `zone` (the later reading when a clock change repeats it).
    package func instant(in zone: TimeZone) -> Date {
      let wall = TimeInterval(day.dayNumber * 86_400 + second)
      let guess = wall - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
      return Date(
        timeIntervalSince1970: wall - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
      )
    }
  }

  /// Creates filters; everything empty means no filter.
  package init(
    diet: Set<Diet> = [],
    cuisine: Set<String> = [],
    wheelchair: Wheelchair? = nil,
    outdoorSeating: Bool? = nil,
    takeaway: Bool? = nil,
    openAt: LocalTime? = nil,
    openFor: Int? = nil,
    minRating: Double? = nil
  ) {
    self.diet = diet
    self.cuisine = cuisine
    self.wheelchair = wheelchair
    self.outdoorSeating = outdoorSeating
    self.takeaway = takeaway
    self.openAt = openAt
    self.openFor = openFor
    self.minRating = minRating
  }

  /// Whether no filter is set.
  package var isEmpty: Bool { active.isEmpty }

  /// The filters that are set.
  package var active: [Name] {
    var names: [Name] = []
    if !diet.isEmpty { names.append(.diet) }
    if !cuisine.isEmpty { names.append(.cuisine) }
    if wheelchair != nil { names.append(.wheelchair) }
    if outdoorSeating != nil { names.append(.outdoorSeating) }
    if takeaway != nil { names.append(.takeaway) }
    if openAt != nil || openFor != nil { names.append(.openAt) }
    if minRating != nil { names.append(.minRating) }
    return names
  }

  /// How a place fares.
  package enum Verdict: Sendable, Equatable {
    case match
    /// What is known rules the place out.
    case fails
    /// Nothing known rules it out, but its data says nothing about these filters.
    case unknown([Name])
  }

  /// How a place with `facts`, opening `hours` (raw OSM) in `zone` and the user's `rating` fares; `now` is the
  /// moment `openFor` counts from without ``openAt``.
  package func verdict(
    facts: PlaceFacts,
    hours: String?,
    zone: TimeZone,
    rating: RatingSummary?,
    now: Date
  ) -> Verdict {
    var unknown: [Name] = []
    for name in active {
      let passes: Bool?
      switch name {
      case .diet:
        passes = facts.knownDiets.isDisjoint(with: diet) ? nil : !diet.isDisjoint(with: facts.diet)
      case .cuisine:
        passes = facts.cuisine.map { !cuisine.isDisjoint(with: $0) }
      case .wheelchair:
        passes = facts.wheelchair.map { $0 == .yes || ($0 == .limited && wheelchair == .limited) }
      case .outdoorSeating:
        passes = facts.outdoorSeating.map { $0 == outdoorSeating }
      case .takeaway:
        passes = facts.takeaway.map { $0 == takeaway }
      case .openAt:
        passes = hours.flatMap { opens(hours: $0, zone: zone, now: now) }
      case .minRating:
        passes = rating.map { $0.average >= (minRating ?? 1) }
      }
      switch passes {
      case true?: continue
      case false?: return .fails
      case nil: unknown.append(name)
      }
    }
    return unknown.isEmpty ? .match : .unknown(unknown)
  }

  /// Whether `hours` are open at ``openAt`` (else `now`) and stay open ``openFor`` minutes; `nil` when the hours
  /// cannot tell.
  func opens(hours: String, zone: TimeZone, now: Date) -> Bool? {
    let start = openAt?.instant(in: zone) ?? now
    let status = OpeningHours.status(of: hours, at: start, timeZone: zone)
    guard let open = status.openNow else { return nil }
    guard open, let minutes = openFor, let closes = status.closesAt else { return open }
    return closes.date.timeIntervalSince(start) >= TimeInterval(minutes * 60)
  }

  /// The valid range of `openFor` in minutes (up to a day).
  package static let openForRange = 1...1_440
  /// The valid range of `minRating`.
  package static let ratingRange = 1.0...5.0
}
