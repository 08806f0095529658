extension PlaceFilters {
  /// Checks and reads the filters as the wire spells them.
  ///
  /// - Throws: ``BeaconError/invalidArgument(field:message:)`` naming the parameter and its valid values.
  package static func parse(
    diet: [String]? = nil,
    cuisine: [String]? = nil,
    wheelchair: String? = nil,
    outdoorSeating: Bool? = nil,
    takeaway: Bool? = nil,
    openAt: String? = nil,
    openFor: Int? = nil,
    minRating: Double? = nil
  ) throws(BeaconError) -> PlaceFilters {
    var filters = PlaceFilters(outdoorSeating: outdoorSeating, takeaway: takeaway)
    for value in diet ?? [] {
      guard let parsed = Diet(rawValue: value) else {
        throw .invalidArgument(
          field: "diet",
          message: .filter(.invalidChoice(field: "diet", value: value, valid: Diet.allCases.map(\.rawValue)))
        )
      }
      filters.diet.insert(parsed)
    }
    for value in cuisine ?? [] {
      let allowed = value.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
      }
      guard !value.isEmpty, value.count <= 64, allowed else {
        throw .invalidArgument(field: "cuisine", message: .filter(.invalidCuisine(value)))
      }
      filters.cuisine.insert(value)
    }
    if let wheelchair {
      guard let parsed = Wheelchair(rawValue: wheelchair), parsed != .no else {
        throw .invalidArgument(
          field: "wheelchair",
          message: .filter(.invalidChoice(field: "wheelchair", value: wheelchair, valid: ["yes", "limited"]))
        )
      }
      filters.wheelchair = parsed
    }
    if let openAt {
      guard let parsed = LocalTime(parsing: openAt) else {
        throw .invalidArgument(field: "openAt", message: .filter(.invalidOpenAt(openAt)))
      }
      filters.openAt = parsed
    }
    if let openFor {
      guard openForRange.contains(openFor) else {
        throw .invalidArgument(
          field: "openFor",
          message: .outOfRange(
            field: "openFor",
            lower: openForRange.lowerBound,
            upper: openForRange.upperBound,
            value: openFor
          )
        )
      }
      filters.openFor = openFor
    }
    if let minRating {
      guard ratingRange.contains(minRating) else {
        let shown =
          minRating == minRating.rounded() && abs(minRating) < 1e15 ? String(Int(minRating)) : String(minRating)
        throw .invalidArgument(field: "minRating", message: .filter(.ratingOutOfRange(shown)))
      }
      filters.minRating = minRating
    }
    return filters
  }
}
