import BeaconCore
import Foundation

/// What `fruits/get` answers: every field of one fruit, whether it is high in sugar (the notice and red
/// background pulse), and the fruit rain (how many the user logged in the last 30 days).
public struct FruitDetailsResult: Sendable, Equatable, Codable {
  public var fruit: FruitSummary
  /// `sugar` above 10 g per 100 g.
  public var highSugar: Bool
  /// The notice to show when ``highSugar`` (in the session's language); absent otherwise.
  public var notice: String?
  /// The repeating white ↔ red background pulse to play when ``highSugar``; absent otherwise.
  public var background: FruitPulse?
  /// The fruit rain to play when the detail view opens.
  public var rain: FruitRain
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var attribution: String
}

/// The background animation for sugary fruit: fade from white to red and back, for as long as the view
/// is open.
public struct FruitPulse: Sendable, Equatable, Codable {
  /// Always `pulse`.
  public var kind = "pulse"
  /// The colour at the start, `#FFFFFF`.
  public var from = "#FFFFFF"
  /// The colour at the turn, `#FF0000`.
  public var to = "#FF0000"
  /// Seconds from white to red (as long again back).
  public var durationSeconds = 1.0
  public var timing = "easeInOut"
  public var repeats = true
  /// Plays backwards after each run (red back to white).
  public var autoreverses = true

  /// The pulse.
  public init() {}
}

/// The fruit rain: `count` emoji fall from random points along the top to below the bottom, shrinking from
/// `scaleFrom` to `scaleTo`; nothing falls when `count` is 0. A replay plays the same rain again.
public struct FruitRain: Sendable, Equatable, Codable {
  /// How many times the user logged this fruit in the last ``windowDays`` days (since ``since``).
  public var count: Int
  /// The fruit's emoji from the set (🍏🍊🍋🍌🍍🍇🍈🍉), else 💯.
  public var emoji: String
  public var scaleFrom = 2.0
  public var scaleTo = 0.1
  /// Seconds one emoji takes from the top to the bottom.
  public var durationSeconds = 3.0
  /// Each emoji starts at a random point on the x-axis.
  public var randomX = true
  /// The window counted, in days.
  public var windowDays: Int
  /// The start of the window: the same wall-clock time ``windowDays`` days before now, in the user's zone.
  public var since: Date

  /// A rain of `count` × `emoji`.
  public init(count: Int, emoji: String, windowDays: Int, since: Date) {
    self.count = count
    self.emoji = emoji
    self.windowDays = windowDays
    self.since = since
  }

  /// The emoji for `name` when the seed offers one (🍏 apples, 🍊 oranges and tangerines, 🍋 lemons, 🍌 bananas,
  /// 🍍 pineapples, 🍇 grapes, 🍈 melons, 🍉 watermelons), else the fallback 💯.
  public static func emoji(for name: String) -> String {
    let key = String(name.lowercased().filter(\.isLetter))
    switch key {
    case "apple", "greenapple": return "🍏"
    case "orange", "tangerine": return "🍊"
    case "lemon": return "🍋"
    case "banana": return "🍌"
    case "pineapple": return "🍍"
    case "grape", "grapes": return "🍇"
    case "melon": return "🍈"
    case "watermelon": return "🍉"
    default: return fallbackEmoji
    }
  }

  /// The emoji for fruit without one of their own ("100").
  public static let fallbackEmoji = "💯"
}
