/// Which places a list shows and in what order: the same rules for search and favourites.
public struct PlaceQuery: Sendable, Equatable {
  /// Words that must all occur in the name, address or cuisine (case and accents ignored).
  public var text: String?
  /// Only places of this category.
  public var category: PlaceCategory?
  /// The order.
  public var sort: PlaceSort
  /// The point distances are measured from.
  public var center: Coordinate?

  /// Creates a query.
  public init(
    text: String? = nil,
    category: PlaceCategory? = nil,
    sort: PlaceSort = .distance,
    center: Coordinate? = nil
  ) {
    self.text = text
    self.category = category
    self.sort = sort
    self.center = center
  }

  /// The search words, folded for matching.
  public var terms: [String] {
    guard let text else { return [] }
    return NorwegianCollation.matchKey(text).split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// Whether `place` passes the text and category filters.
  public func matches(_ place: Place) -> Bool {
    if let category, place.category != category { return false }
    let terms = terms
    guard !terms.isEmpty else { return true }
    let haystack = NorwegianCollation.matchKey(
      [place.name, place.address, place.cuisine].compactMap { $0 }.joined(separator: " ")
    )
    return terms.allSatisfy(haystack.contains)
  }
}
