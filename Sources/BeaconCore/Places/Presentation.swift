/// How a client may dress a place's detail view: the emoji and animation per category.
public struct Presentation: Sendable, Equatable, Codable {
  /// 🍽, ☕ or 🏨.
  public var emoji: String
  /// The animation to play at the top of the detail view.
  public var animation: Animation

  /// One animation, described so any UI toolkit can play it.
  public struct Animation: Sendable, Equatable, Codable {
    /// `rotate`, `steam` or `bounce`.
    public var kind: String
    /// Seconds one run takes.
    public var durationSeconds: Double
    /// `easeInOut`, `easeOut` or `spring`.
    public var timing: String
    /// Whether it repeats for as long as the view is open.
    public var repeats: Bool
    /// `rotate`: how far, in degrees.
    public var degrees: Double?
    /// `steam`: how many particles rise.
    public var particles: Int?
    /// `steam`: particle opacity at the start and the end.
    public var opacityFrom: Double?
    public var opacityTo: Double?
    /// `bounce`: scale at the start and the end.
    public var scaleFrom: Double?
    public var scaleTo: Double?
  }

  /// The presentation for `category`.
  public static func forCategory(_ category: PlaceCategory) -> Presentation {
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
