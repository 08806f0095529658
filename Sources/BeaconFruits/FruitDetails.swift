import BeaconCore
import Foundation

/// What `fruits/get` answers: every field of one fruit, whether it is high in sugar (the notice and red
/// background pulse), and the fruit rain (how many the user logged in the last 30 days).
package struct FruitDetailsResult: Sendable, Equatable, Codable {
  package var fruit: FruitSummary
  /// `sugar` above 10 g per 100 g.
  package var highSugar: Bool
  /// The notice to show when ``highSugar`` (in the session's language); absent otherwise.
  package var notice: String?
  /// The repeating white ↔ red background pulse to play when ``highSugar``; absent otherwise.
  package var background: FruitPulse?
  /// The fruit rain to play when the detail view opens.
  package var rain: FruitRain
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var attribution: String
}

/// The background animation for sugary fruit: fade from white to red and back, for as long as the view
/// is open.
package struct FruitPulse: Sendable, Equatable, Codable {
  /// Always `pulse`.
  package var kind = "pulse"
  /// The colour at the start, `#FFFFFF`.
  package var from = "#FFFFFF"
  /// The colour at the turn, `#FF0000`.
  package var to = "#FF0000"
  /// Seconds from white to red (as long again back).
  package var durationSeconds = 1.0
  package var timing = "easeInOut"
  package var repeats = true
  /// Plays backwards after each run (red back to white).
  package var autoreverses = true

  /// The pulse.
  package init() {}
}

/// The fruit rain: `count` emoji fall from random points along the top to below the bottom, shrinking from
/// `scaleFrom` to `scaleTo`; nothing falls when `count` is 0. A replay plays the same rain again.
package struct FruitRain: Sendable, Equatable, Codable {
  /// How many times the user logged this fruit in the last ``windowDays`` days (since ``since``).
  package var count: Int
  /// The fruit's emoji from the set (🍏🍊🍋🍌🍍🍇🍈🍉), else 💯.
  package var emoji: String
  package var scaleFrom = 2.0
  package var scaleTo = 0.1
  /// Seconds one emoji takes from the top to the bottom.
  package var durationSeconds = 3.0
  /// Each emoji starts at a random point on the x-axis.
  package var randomX = true
  /// The window counted, in days.
  package var windowDays: Int
  /// The start of the window: the same wall-clock time ``windowDays`` days before now, in the user's zone.
  package var since: Date

  /// A rain of `count` × `emoji`.
  package init(count: Int, emoji: String, windowDays: Int, since: Date) {
    self.count = count
    self.emoji = emoji
    self.windowDays = windowDays
    self.since = since
  }

  /// The emoji for `name` when the seed offers one (🍏 apples, 🍊 oranges and tangerines, 🍋 lemons, 🍌 bananas,
  /// 🍍 pineapples, 🍇 grapes, 🍈 melons, 🍉 watermelons), else the fallback 💯.
  package static func emoji(for name: String) -> String {
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
  package static let fallbackEmoji = "💯"
}
