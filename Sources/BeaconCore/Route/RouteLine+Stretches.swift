import Foundation

extension RouteLine {
  /// A run of consecutive pieces of a route, as the positions a line through them passes.
  package struct Stretch: Sendable, Equatable {
    /// The pieces (indices for ``RouteLine/locate(_:pieces:)``).
    package var pieces: Range<Int>
    /// The first piece's start and every piece's end. Joined by great circles (as PostGIS's `geography` joins
    /// them) they stay within a centimetre of the route, since no piece is longer than ``RouteLine/maxPieceMeters``.
    package var vertices: [Coordinate]
  }

  /// The route cut into stretches of consecutive pieces, each at most `maxMeters` long (or one piece), in route
  /// order: small lines a spatial index can look up one at a time instead of the whole route's box.
  package func stretches(maxMeters: Double) -> [Stretch] {
    var stretches: [Stretch] = []
    var first = 0
    var length = 0.0
    for (index, piece) in pieces.enumerated() {
      if index > first, length + piece.length > maxMeters {
        stretches.append(stretch(first..<index))
        first = index
        length = 0
      }
      length += piece.length
    }
    if first < pieces.count { stretches.append(stretch(first..<pieces.count)) }
    return stretches
  }

  /// The stretch of the pieces in `range`.
  private func stretch(_ range: Range<Int>) -> Stretch {
    Stretch(pieces: range, vertices: [pieces[range.lowerBound].start] + pieces[range].map(\.end))
  }

  /// The number of pieces the route is measured in.
  package var pieceCount: Int { pieces.count }
}
