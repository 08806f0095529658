import BeaconCore
import Foundation

/// What `users/get` answers: the profile, whether the user has a birthday in the current Monday–Sunday week, and
/// the celebration to show when they do.
public struct UserDetailsResult: Sendable, Equatable, Codable {
  public var user: User
  /// Whether the birthday falls in ``week``.
  public var birthdayThisWeek: Bool
  /// The current week on the user's calendar.
  public var week: BirthdayWeek
  /// The day of the birthday in ``week``, when there is one.
  public var birthday: CivilDate?
  /// "Aada har bursdag denne uken 🎉" in the session's language, when ``birthdayThisWeek``.
  public var notice: String?
  /// The 🎉 badge and the cake rain, when ``birthdayThisWeek``.
  public var celebration: BirthdayCelebration?
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var attribution: String
}

/// The current Monday–Sunday week in the user's time zone.
public struct BirthdayWeek: Sendable, Equatable, Codable {
  public var monday: CivilDate
  public var sunday: CivilDate
  /// The IANA zone whose calendar decides "this week" (the configured one, `Europe/Oslo` by default).
  public var timeZone: String

  /// The week holding `today` in `timeZone`.
  public init(today: CivilDate, timeZone: TimeZone) {
    let week = BirthdayCalendar.week(containing: today)
    monday = week.monday
    sunday = week.sunday
    self.timeZone = timeZone.identifier
  }
}

/// The birthday presentation: a 🎉 at the lower right of the profile picture, and 🍰, 🎂 and 🧁 raining from
/// the top of the screen to the bottom for as long as the profile is open, shrinking from 100 % to 1 % near the
/// bottom.
public struct BirthdayCelebration: Sendable, Equatable, Codable {
  /// The emoji on the picture.
  public var badge = BirthdayBadge()
  /// The falling cakes.
  public var rain = BirthdayRain()

  /// The celebration.
  public init() {}
}

/// The 🎉 on the profile picture.
public struct BirthdayBadge: Sendable, Equatable, Codable {
  public var emoji = "🎉"
  /// Where on the picture: its lower right corner.
  public var corner = "bottomRight"

  /// The badge.
  public init() {}
}

/// The cake rain: each emoji falls from a random point along the top (`randomX`) to the bottom in
/// `durationSeconds`, at full size (`scaleFrom`) until `shrinkFrom` of the way down, then shrinking to `scaleTo`
/// at the bottom; new ones keep falling while the profile is open (`whileOpen`).
public struct BirthdayRain: Sendable, Equatable, Codable {
  public var emoji = ["🍰", "🎂", "🧁"]
  public var from = "top"
  public var to = "bottom"
  public var randomX = true
  public var whileOpen = true
  public var durationSeconds = 4.0
  /// 100 %.
  public var scaleFrom = 1.0
  /// 1 %.
  public var scaleTo = 0.01
  /// The fraction of the fall after which the emoji shrink ("towards the end of the screen").
  public var shrinkFrom = 0.8

  /// The rain.
  public init() {}
}
