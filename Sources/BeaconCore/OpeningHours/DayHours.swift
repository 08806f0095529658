/// One day's opening hours in a week: `{"day": "Mo", "date": "2026-03-23", "spans": ["11:00-22:00"]}`.
package struct DayHours: Sendable, Equatable, Codable {
  /// The weekday as OpenStreetMap writes it: `Mo`, `Tu`, `We`, `Th`, `Fr`, `Sa`, `Su`.
  package var day: String
  /// The date in the place's time zone.
  package var date: CivilDate
  /// When the place is open that day, `HH:MM-HH:MM`; a span past midnight ends the next morning
  /// (`17:00-02:00`); a whole day is `00:00-24:00`. Empty when closed.
  package var spans: [String]
  /// `true` when the day's hours are not certain (an open end, hours marked unknown or only a comment, or a
  /// holiday Beacon cannot check); `spans` are then the hours of an ordinary day. Omitted otherwise.
  package var unknown: Bool?

  /// The weekdays' OSM names, Monday first.
  package static let weekdayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

  /// Creates a day.
  package init(date: CivilDate, spans: [String], unknown: Bool = false) {
    day = Self.weekdayNames[date.weekday]
    self.date = date
    self.spans = spans
    self.unknown = unknown ? true : nil
  }
}
