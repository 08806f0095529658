/// Whether a place is open at one moment, and when that changes.
public struct OpeningStatus: Sendable, Equatable {
  /// `true` open, `false` closed, `nil` when the hours cannot tell (unreadable, `unknown`, a comment only, an
  /// open end, or a holiday Beacon cannot check).
  public var openNow: Bool?
  /// When an open place closes, if that is known (within a year).
  public var closesAt: LocalDateTime?
  /// When a closed place opens, if that is known (within a year).
  public var opensAt: LocalDateTime?
  /// The comment of the rule that decides now, e.g. `Lunch` or `by appointment`.
  public var comment: String?

  /// Creates a status.
  public init(
    openNow: Bool?,
    closesAt: LocalDateTime? = nil,
    opensAt: LocalDateTime? = nil,
    comment: String? = nil
  ) {
    self.openNow = openNow
    self.closesAt = closesAt
    self.opensAt = opensAt
    self.comment = comment
  }

  /// Nothing known: what unreadable hours give.
  public static let unknown = OpeningStatus(openNow: nil)
}
