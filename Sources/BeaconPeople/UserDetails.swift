import BeaconCore
import Foundation

/// What `users/get` answers: the profile, whether the user has a birthday in the current Monday–Sunday week, and
/// the celebration to show when they do.
package struct UserDetailsResult: Sendable, Equatable, Codable {
  package var user: User
  /// Whether the birthday falls in ``week``.
  package var birthdayThisWeek: Bool
  /// The current week on the user's calendar.
  package var week: BirthdayWeek
  /// The day of the birthday in ``week``, when there is one.
  package var birthday: CivilDate?
  /// "Aada har bursdag denne uken 🎉" in the session's language, when ``birthdayThisWeek``.
  package var notice: String?
  /// The 🎉 badge and the cake rain, when ``birthdayThisWeek``.
  package var celebration: BirthdayCelebration?
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var attribution: String
}

/// The current Monday–Sunday week in the user's time zone.
package struct BirthdayWeek: Sendable, Equatable, Codable {
  package var monday: CivilDate
  package var sunday: CivilDate
  /// The IANA zone whose calendar decides "this week" (the configured one, `Europe/Oslo` by default).
  package var timeZone: String

  /// The week holding `today` in `timeZone`.
  package init(today: CivilDate, timeZone: TimeZone) {
    let week = BirthdayCalendar.week(containing: today)
    monday = week.monday
    sunday = week.sunday
    self.timeZone = timeZone.identifier
  }
}

/// The birthday presentation: a 🎉 at the lower right of the profile picture, and 🍰, 🎂 and 🧁 raining from
/// the top of the screen to the bottom for as long as the profile is open, shrinking from 100 % to 1 % near the
/// bottom.
package struct BirthdayCelebration: Sendable, Equatable, Codable {
  /// The emoji on the picture.
  package var badge = BirthdayBadge()
  /// The falling cakes.
  package var rain = BirthdayRain()

  /// The celebration.
  package init() {}
}

/// The 🎉 on the profile picture.
package struct BirthdayBadge: Sendable, Equatable, Codable {
  package var emoji = "🎉"
  /// Where on the picture: its lower right corner.
  package var corner = "bottomRight"

  /// The badge.
  package init() {}
}

/// The cake rain: each emoji falls from a random point along the top (`randomX`) to the bottom in
/// `durationSeconds`, at full size (`scaleFrom`) until `shrinkFrom` of the way down, then shrinking to `scaleTo`
/// at the bottom; new ones keep falling while the profile is open (`whileOpen`).
package struct BirthdayRain: Sendable, Equatable, Codable {
  package var emoji = ["🍰", "🎂", "🧁"]
  package var from = "top"
  package var to = "bottom"
  package var randomX = true
  package var whileOpen = true
  package var durationSeconds = 4.0
  /// 100 %.
  package var scaleFrom = 1.0
  /// 1 %.
  package var scaleTo = 0.01
  /// The fraction of the fall after which the emoji shrink ("towards the end of the screen").
  package var shrinkFrom = 0.8

  /// The rain.
  package init() {}
}
