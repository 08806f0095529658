import Foundation

extension Store {
  /// ``Place/resolvedFacts``, the facts read from a details text parsed once per text: a list of places shown
  /// again (a client searching on every keystroke) does not parse the same JSON again and again. The facts are a
  /// function of the text alone, remembered by place id with the text they were read from (comparing the text
  /// costs less than hashing it); at most ``factsMemoLimit`` places are kept. The entries a search's rows already
  /// matched (``listedFacts``) are looked at first.
  func resolvedFacts(of place: Place) -> PlaceFacts {
    guard place.facts == nil, let details = place.detailsJSON else { return place.resolvedFacts }
    var facts: PlaceFacts
    if let listed = listedFacts.last(where: { $0.id == place.id && $0.details == details }) {
      // Matched when its row was read: the same entry, found without hashing the id again.
      facts = listed.facts
    } else if let known = factsByPlace[place.id], known.details == details {
      facts = known.facts
    } else {
      facts = PlaceFacts(detailsJSON: details)
      if factsByPlace.count >= Self.factsMemoLimit { factsByPlace.removeAll(keepingCapacity: true) }
      factsByPlace[place.id] = (details, facts)
    }
    if facts.cuisine == nil { facts.cuisine = PlaceFacts.cuisineList(place.cuisine) }
    return facts
  }

  /// How many places ``resolvedFacts(of:)`` remembers the facts of.
  static let factsMemoLimit = 1_024

  /// Remembers that the row of `id` held `details`, the text ``factsByPlace`` knows the facts of, for
  /// ``resolvedFacts(of:)`` (at most ``listedFactsLimit`` entries; ``storedSummaries(for:at:)`` starts each search
  /// afresh).
  func noteListed(_ id: String, _ known: (details: String, facts: PlaceFacts)) {
    if listedFacts.count >= Self.listedFactsLimit { listedFacts.removeAll(keepingCapacity: true) }
    listedFacts.append((id, known.details, known.facts))
  }

  /// How many entries ``listedFacts`` holds at most.
  static let listedFactsLimit = 64
}
