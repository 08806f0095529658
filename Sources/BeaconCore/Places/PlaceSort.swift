/// How lists of places are ordered (a client's sort picker).
package enum PlaceSort: String, Sendable, Codable, CaseIterable {
  /// Nearest first (along a route: in route order).
  case distance
  /// Highest average rating first; unrated places last.
  case rating
  /// Alphabetical, Norwegian A–Å (æ, ø, å after z).
  case name
  /// The lowest ``bestScore(of:reach:distance:)`` first: near, well rated, a favourite, open now.
  case best

  /// What one star of the user's average above 1 takes off the score of `best` (5 stars: 0.4).
  package static let bestRatingWeight = 0.1
  /// What being a favourite takes off the score of `best`.
  package static let bestFavoriteBonus = 0.3
  /// What being open now takes off the score of `best`.
  package static let bestOpenNowBonus = 0.2
  /// The distance that counts as 1 when no radius or corridor is given.
  package static let defaultReachMeters = 5_000

  /// The score `best` orders by, lower first: `distance / reach − 0.1 × (average − 1) − 0.3 × favourite −
  /// 0.2 × open now`, where `distance` is the distance from the centre (along a route: the detour) and `reach` the
  /// search's radius (the corridor). An unknown distance counts as `reach`; unrated or unknown opening hours
  /// take nothing off.
  package static func bestScore(of place: PlaceSummary, reach: Int, distance: Int?) -> Double {
    var score = Double(distance ?? reach) / Double(max(reach, 1))
    if let average = place.rating?.average { score -= bestRatingWeight * (average - 1) }
    if place.isFavorite { score -= bestFavoriteBonus }
    if place.openNow == true { score -= bestOpenNowBonus }
    return score
  }

  /// Sorts `places` by this order; ties fall back to distance (along a route: the distance along it), then name
  /// (not for `best`), then id, so the order is total.
  ///
  /// - Parameters:
  ///   - reach: What `best` divides the distance by: the search's radius, or the route's corridor.
  ///   - distance: The distance `best` weighs: from the centre, or (along a route) the detour.
  package func sorted(
    _ places: [PlaceSummary],
    reach: Int? = nil,
    distance: KeyPath<PlaceSummary, Int?> = \.distanceMeters
  ) -> [PlaceSummary] {
    order(of: places, reach: reach, distance: distance).map { places[$0] }
  }

  /// The positions of `places` in the order of ``sorted(_:reach:distance:)``. The summaries stay where they are (no
  /// copies while sorting), and a name's collation key is made only when names are compared: for `name`, or on a
  /// tie of the distances.
  package func order(
    of places: [PlaceSummary],
    reach: Int? = nil,
    distance: KeyPath<PlaceSummary, Int?> = \.distanceMeters
  ) -> [Int] {
    var comparison = PlaceComparison(self, places, reach: reach ?? Self.defaultReachMeters, distance: distance)
    return places.indices.sorted { comparison.precedes($0, $1) }
  }

  /// Whether `places` are in this order already, each strictly before the next (then ``order(of:reach:distance:)``
  /// gives them as they are: the order is total, and a list without equal places has one sorted form). A list of
  /// places found nearest first usually is, for `distance`: checked with one comparison per place.
  package func isOrdered(
    _ places: [PlaceSummary],
    reach: Int? = nil,
    distance: KeyPath<PlaceSummary, Int?> = \.distanceMeters
  ) -> Bool {
    guard places.count > 1 else { return true }
    var comparison = PlaceComparison(self, places, reach: reach ?? Self.defaultReachMeters, distance: distance)
    for index in 1..<places.count where !comparison.precedes(index - 1, index) { return false }
    return true
  }
}

/// The comparison of ``PlaceSort/order(of:reach:distance:)`` for the places of one list, by position: scores made
/// once for `best` (from the distance `distance` gives), name collation keys made when first compared.
private struct PlaceComparison {
  let sort: PlaceSort
  let places: [PlaceSummary]
  let scores: [Double]
  /// Collation keys by position (empty until a name is first compared).
  var keys: [String?] = []

  init(_ sort: PlaceSort, _ places: [PlaceSummary], reach: Int, distance: KeyPath<PlaceSummary, Int?>) {
    self.sort = sort
    self.places = places
    scores =
      sort == .best
      ? places.map { PlaceSort.bestScore(of: $0, reach: reach, distance: $0[keyPath: distance]) } : []
  }

  mutating func name(_ index: Int) -> String {
    if keys.isEmpty { keys = [String?](repeating: nil, count: places.count) }
    if let key = keys[index] { return key }
    let key = NorwegianCollation.key(places[index].name)
    keys[index] = key
    return key
  }

  /// Whether the place at `left` comes before the one at `right`.
  mutating func precedes(_ left: Int, _ right: Int) -> Bool {
    switch sort {
    case .distance:
      break
    case .rating:
      let ra = places[left].rating?.average ?? -1
      let rb = places[right].rating?.average ?? -1
      if ra != rb { return ra > rb }
    case .name:
      let (na, nb) = (name(left), name(right))
      if na != nb { return na < nb }
    case .best:
      if scores[left] != scores[right] { return scores[left] < scores[right] }
    }
    let da = places[left].alongRouteMeters ?? places[left].distanceMeters ?? Int.max
    let db = places[right].alongRouteMeters ?? places[right].distanceMeters ?? Int.max
    if da != db { return da < db }
    if sort != .best {
      let (na, nb) = (name(left), name(right))
      if na != nb { return na < nb }
    }
    return places[left].id < places[right].id
  }
}
