/// How lists of places are ordered (a client's sort picker).
public enum PlaceSort: String, Sendable, Codable, CaseIterable {
  /// Nearest first.
  case distance
  /// Highest average rating first; unrated places last.
  case rating
  /// Alphabetical, Norwegian A–Å (æ, ø, å after z).
  case name

  /// Sorts `places` by this order; ties fall back to distance, then name, then id, so the order is total.
  public func sorted(_ places: [PlaceSummary]) -> [PlaceSummary] {
    let keyed = places.map { (place: $0, name: NorwegianCollation.key($0.name)) }
    return keyed.sorted { left, right in
      let a = left.place
      let b = right.place
      switch self {
      case .distance:
        break
      case .rating:
        let ra = a.rating?.average ?? -1
        let rb = b.rating?.average ?? -1
        if ra != rb { return ra > rb }
      case .name:
        if left.name != right.name { return left.name < right.name }
      }
      let da = a.distanceMeters ?? Int.max
      let db = b.distanceMeters ?? Int.max
      if da != db { return da < db }
      if left.name != right.name { return left.name < right.name }
      return a.id < b.id
    }.map(\.place)
  }
}
