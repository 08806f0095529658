/// Whether a place is open at one moment, and when that changes.
package struct OpeningStatus: Sendable, Equatable {
  /// `true` open, `false` closed, `nil` when the hours cannot tell (unreadable, `unknown`, a comment only, an
  /// open end, or a holiday Beacon cannot check).
  package var openNow: Bool?
  /// When an open place closes, if that is known (within a year).
  package var closesAt: LocalDateTime?
  /// When a closed place opens, if that is known (within a year).
  package var opensAt: LocalDateTime?
  /// The comment of the rule that decides now, e.g. `Lunch` or `by appointment`.
  package var comment: String?

  /// Creates a status.
  package init(
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
  package static let unknown = OpeningStatus(openNow: nil)
}
