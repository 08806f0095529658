import Foundation

extension PlaceFilters {
  /// The `places` that pass these filters (opening times at `date` in each place's zone, else
  /// `defaultTimeZone`), in their order, with per filter the count of places left out only for lack of data:
  /// the one rule both stores judge a list by.
  ///
  /// - Parameters:
  ///   - facts: A place's facts (diet, cuisine, access), however the store reads them.
  ///   - ratings: The rating summaries `minRating` compares with, by place id.
  package func judge(
    _ places: [Place],
    facts: (Place) -> PlaceFacts,
    ratings: [String: RatingSummary],
    defaultTimeZone: TimeZone,
    at date: Date
  ) -> (kept: [Place], excludedUnknown: [String: Int]) {
    var counts = Dictionary(uniqueKeysWithValues: active.map { ($0.rawValue, 0) })
    var kept: [Place] = []
    for place in places {
      let verdict = verdict(
        facts: facts(place),
        hours: place.openingHours,
        zone: OpeningHours.timeZone(place.timeZone, default: defaultTimeZone),
        rating: ratings[place.id],
        now: date
      )
      switch verdict {
      case .match: kept.append(place)
      case .fails: continue
      case .unknown(let names): for name in names { counts[name.rawValue, default: 0] += 1 }
      }
    }
    return (kept, counts)
  }
}
