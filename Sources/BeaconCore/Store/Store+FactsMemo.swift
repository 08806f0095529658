import Foundation

extension Store {
  /// ``Place/resolvedFacts``, the facts read from a details text parsed once per text: a list of places shown
  /// again (a client searching on every keystroke) does not parse the same JSON again and again. The facts are a
  /// function of the text alone, remembered by place id with the text they were read from (comparing the text
  /// costs less than hashing it); at most ``factsMemoLimit`` places are kept. The entries a search's rows already
  /// matched (``listedFacts``) are looked at first.
  func resolvedFacts(of place: Place) -> PlaceFacts {
    guard place.facts == nil else { return place.resolvedFacts }
    return resolvedFacts(id: place.id, details: place.detailsJSON, cuisine: place.cuisine)
  }

  /// ``resolvedFacts(of:)`` for a place read without facts: its `id`, its `details` text and its `cuisine` column
  /// (``Place/resolvedFacts`` when it has no details).
  func resolvedFacts(id: String, details: String?, cuisine: String?) -> PlaceFacts {
    var facts: PlaceFacts
    if let details {
      if let listed = listedFacts.last(where: { $0.id == id && $0.details == details }) {
        // Matched when its row was read: the same entry, found without hashing the id again.
        facts = listed.facts
      } else if let known = factsByPlace[id], known.details == details {
        facts = known.facts
      } else {
        facts = PlaceFacts(detailsJSON: details)
        if factsByPlace.count >= Self.factsMemoLimit { factsByPlace.removeAll(keepingCapacity: true) }
        factsByPlace[id] = (details, facts)
      }
    } else {
      facts = PlaceFacts(detailsJSON: nil)
    }
    if facts.cuisine == nil { facts.cuisine = PlaceFacts.cuisineList(cuisine) }
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
