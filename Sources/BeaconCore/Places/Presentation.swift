/// How a client may dress a place's detail view: the emoji and animation per category.
package struct Presentation: Sendable, Equatable, Codable {
  /// 🍽, ☕ or 🏨.
  package var emoji: String
  /// The animation to play at the top of the detail view.
  package var animation: Animation

  /// One animation, described so any UI toolkit can play it.
  package struct Animation: Sendable, Equatable, Codable {
    /// `rotate`, `steam` or `bounce`.
    package var kind: String
    /// Seconds one run takes.
    package var durationSeconds: Double
    /// `easeInOut`, `easeOut` or `spring`.
    package var timing: String
    /// Whether it repeats for as long as the view is open.
    package var repeats: Bool
    /// `rotate`: how far, in degrees.
    package var degrees: Double?
    /// `steam`: how many particles rise.
    package var particles: Int?
    /// `steam`: particle opacity at the start and the end.
    package var opacityFrom: Double?
    package var opacityTo: Double?
    /// `bounce`: scale at the start and the end.
    package var scaleFrom: Double?
    package var scaleTo: Double?
  }

  /// The presentation for `category`.
  package static func forCategory(_ category: PlaceCategory) -> Presentation {
    switch category {
    case .restaurant:
      Presentation(
        emoji: "🍽",
        animation: Animation(kind: "rotate", durationSeconds: 1, timing: "easeInOut", repeats: false, degrees: 360)
      )
    case .cafe:
      Presentation(
        emoji: "☕",
        animation: Animation(
          kind: "steam",
          durationSeconds: 1.5,
          timing: "easeOut",
          repeats: true,
          particles: 3,
          opacityFrom: 1,
          opacityTo: 0
        )
      )
    case .hotel:
      Presentation(
        emoji: "🏨",
        animation: Animation(
          kind: "bounce",
          durationSeconds: 0.6,
          timing: "spring",
          repeats: false,
          scaleFrom: 0.5,
          scaleTo: 1
        )
      )
    }
  }
}
