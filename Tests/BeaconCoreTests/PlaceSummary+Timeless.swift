@testable import BeaconCore

extension PlaceSummary {
  /// The summary without what depends on the time it was made at (open now, closing and opening times).
  var timeless: PlaceSummary {
    var copy = self
    copy.openNow = nil
    copy.closesAt = nil
    copy.opensAt = nil
    return copy
  }
}

extension PlaceDetails {
  /// The details without what depends on the time they were made at (all but the raw opening hours).
  var timeless: PlaceDetails {
    var copy = self
    copy.openingHours = openingHours.map { hours in
      var raw = hours
      raw.openNow = nil
      raw.closesAt = nil
      raw.opensAt = nil
      raw.comment = nil
      raw.weekly = nil
      return raw
    }
    return copy
  }
}
