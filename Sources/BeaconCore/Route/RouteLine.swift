import Foundation

/// A route: its positions joined by straight lines in latitude and longitude (as a map draws a GeoJSON
/// LineString), cut into pieces of at most ``maxPieceMeters`` that are measured on a flat local projection.
///
/// Over half a kilometre the projection differs from the sphere by well under a metre for detours up to the
/// widest corridor, so ``locate(_:)`` gives the distance along the route and from it on the sphere's terms.
package struct RouteLine: Sendable, Equatable {
  /// The most positions a route may have.
  package static let maxPositions = 10_000
  /// The longest route searched, in metres.
  package static let maxLengthMeters = 1_000_000.0
  /// The corridor widths (metres either side of the route) a search accepts.
  package static let corridorRange = 50...2_000
  /// The longest piece the route is measured in.
  static let maxPieceMeters = 500.0
  /// Metres per degree of latitude on the sphere of ``Coordinate/distance(to:)``.
  static let metersPerDegree = Coordinate.earthRadiusMeters * .pi / 180

  /// One straight piece of the route.
  struct Piece: Sendable, Equatable {
    var start: Coordinate
    var end: Coordinate
    /// The distance along the route to `start`.
    var along: Double
    var length: Double
    /// Metres per degree of longitude at the piece's middle.
    var metersPerDegreeLon: Double
  }

  /// The positions as given.
  package let positions: [Coordinate]
  let pieces: [Piece]
  /// The route's length in metres.
  package let lengthMeters: Double

  /// A route through `positions`, checked.
  ///
  /// - Throws: ``RouteMessage`` when there are fewer than 2 or too many positions, one is off the Earth, or the
  ///   route is longer than ``maxLengthMeters``.
  package init(_ positions: [Coordinate]) throws(RouteMessage) {
    guard positions.count >= 2 else { throw .tooFewPositions(positions.count) }
    guard positions.count <= Self.maxPositions else {
      throw .tooManyPositions(count: positions.count, maximum: Self.maxPositions)
    }
    if let bad = positions.firstIndex(where: { !$0.isValid }) { throw .invalidPosition(index: bad) }
    var pieces: [Piece] = []
    var along = 0.0
    for (start, end) in zip(positions, positions.dropFirst()) {
      let midLat = (start.lat + end.lat) / 2
      let lonScale = Self.metersPerDegree * cos(midLat * .pi / 180)
      let dx = (end.lon - start.lon) * lonScale
      let dy = (end.lat - start.lat) * Self.metersPerDegree
      let length = (dx * dx + dy * dy).squareRoot()
      // (A hair less than the length, so that a route of exactly n pieces' length is cut into n.)
      let count = max(1, Int((length / Self.maxPieceMeters - 1e-9).rounded(.up)))
      guard along + length <= Self.maxLengthMeters else {
        throw .tooLong(kilometres: Int(((along + length) / 1000).rounded()), maximum: Int(Self.maxLengthMeters / 1000))
      }
      for index in 0..<count {
        let from = Self.interpolate(start, end, Double(index) / Double(count))
        let to = index == count - 1 ? end : Self.interpolate(start, end, Double(index + 1) / Double(count))
        let pieceMid = (from.lat + to.lat) / 2
        let scale = Self.metersPerDegree * cos(pieceMid * .pi / 180)
        let px = (to.lon - from.lon) * scale
        let py = (to.lat - from.lat) * Self.metersPerDegree
        let pieceLength = (px * px + py * py).squareRoot()
        pieces.append(Piece(start: from, end: to, along: along, length: pieceLength, metersPerDegreeLon: scale))
        along += pieceLength
      }
    }
    self.positions = positions
    self.pieces = pieces
    lengthMeters = along
  }

  /// A straight line from `from` to `to` (two positions).
  package init(from: Coordinate, to: Coordinate) throws(RouteMessage) {
    try self.init([from, to])
  }

  private static func interpolate(_ a: Coordinate, _ b: Coordinate, _ t: Double) -> Coordinate {
    Coordinate(lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t)
  }

  /// Where `point` lies relative to the route: the distance along the route to its nearest point, and the
  /// distance from that point (the detour), both in metres.
  package func locate(_ point: Coordinate) -> (along: Double, detour: Double) {
    locate(point, pieces: pieces.indices)
  }

  /// ``locate(_:)`` among `range` of the pieces only.
  package func locate(_ point: Coordinate, pieces range: Range<Int>) -> (along: Double, detour: Double) {
    var best = (along: 0.0, detour: Double.infinity)
    for index in range {
      let found = Self.locate(point, on: pieces[index])
      if found.detour < best.detour { best = found }
    }
    return best
  }

  /// Where `point` lies relative to one piece.
  static func locate(_ point: Coordinate, on piece: Piece) -> (along: Double, detour: Double) {
    let scale = piece.metersPerDegreeLon
    let ex = (piece.end.lon - piece.start.lon) * scale
    let ey = (piece.end.lat - piece.start.lat) * metersPerDegree
    let dx = (point.lon - piece.start.lon) * scale
    let dy = (point.lat - piece.start.lat) * metersPerDegree
    let squared = ex * ex + ey * ey
    let t = squared > 0 ? min(1, max(0, (dx * ex + dy * ey) / squared)) : 0
    let ox = dx - t * ex
    let oy = dy - t * ey
    return (piece.along + t * piece.length, (ox * ox + oy * oy).squareRoot())
  }

  /// A run of consecutive pieces and the latitude–longitude box holding every point within the corridor of them.
  struct Chunk: Sendable, Equatable {
    var pieces: Range<Int>
    var minLat: Double
    var maxLat: Double
    var minLon: Double
    var maxLon: Double

    /// The box's centre.
    var center: Coordinate { Coordinate(lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2) }
  }

  /// The route's corridor covered by boxes, each a run of pieces at most `maxLength` metres long whose box is at
  /// most `maxWaste` times the area of its corridor (so a diagonal route takes shorter runs than one along a
  /// meridian or parallel).
  func chunks(corridorMeters corridor: Double, maxLength: Double, maxWaste: Double) -> [Chunk] {
    var chunks: [Chunk] = []
    var current: Chunk?
    var length = 0.0
    for (index, piece) in pieces.enumerated() {
      let start = Store.boundingBox(around: piece.start, radiusMeters: corridor)
      let end = Store.boundingBox(around: piece.end, radiusMeters: corridor)
      let box = Chunk(
        pieces: index..<(index + 1),
        minLat: min(start.minLat, end.minLat),
        maxLat: max(start.maxLat, end.maxLat),
        minLon: min(start.minLon, end.minLon),
        maxLon: max(start.maxLon, end.maxLon)
      )
      if var grown = current {
        grown.pieces = grown.pieces.lowerBound..<(index + 1)
        grown.minLat = min(grown.minLat, box.minLat)
        grown.maxLat = max(grown.maxLat, box.maxLat)
        grown.minLon = min(grown.minLon, box.minLon)
        grown.maxLon = max(grown.maxLon, box.maxLon)
        let grownLength = length + piece.length
        let corridorArea = grownLength * 2 * corridor + .pi * corridor * corridor
        if grownLength <= maxLength + 1, Self.area(of: grown) <= maxWaste * corridorArea {
          current = grown
          length = grownLength
          continue
        }
        chunks.append(current ?? box)
      }
      current = box
      length = piece.length
    }
    if let current { chunks.append(current) }
    return chunks
  }

  /// A box's area in square metres (measured at its middle latitude).
  private static func area(of chunk: Chunk) -> Double {
    let height = (chunk.maxLat - chunk.minLat) * metersPerDegree
    let width = (chunk.maxLon - chunk.minLon) * metersPerDegree * cos((chunk.minLat + chunk.maxLat) / 2 * .pi / 180)
    return height * width
  }
}
