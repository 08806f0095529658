import Foundation
import Testing

@testable import BeaconCore

/// Where points lie relative to a route, checked against the sphere by brute force (the route sampled every
/// metre, haversine distances), and how many boxes and Geoapify queries cover a corridor.
@Suite struct RouteLineTests {
  /// The route sampled about every `step` metres along straight lines in latitude and longitude, with the
  /// haversine distance from its start to each sample.
  static func samples(_ positions: [Coordinate], step: Double = 1) -> [(point: Coordinate, along: Double)] {
    var result: [(Coordinate, Double)] = [(positions[0], 0)]
    var along = 0.0
    for (a, b) in zip(positions, positions.dropFirst()) {
      let count = max(1, Int((a.distance(to: b) / step).rounded(.up)))
      var previous = a
      for index in 1...count {
        let t = Double(index) / Double(count)
        let point = Coordinate(lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t)
        along += previous.distance(to: point)
        result.append((point, along))
        previous = point
      }
    }
    return result
  }

  /// The nearest sample to `point`: its distance along the route and from `point`, on the sphere.
  static func bruteForce(_ point: Coordinate, _ samples: [(point: Coordinate, along: Double)]) -> (Double, Double) {
    var best = (along: 0.0, detour: Double.infinity)
    for sample in samples {
      let distance = sample.point.distance(to: point)
      if distance < best.detour { best = (sample.along, distance) }
    }
    return best
  }

  @Test func alongAndDetourAgreeWithTheSphereWithinAMetre() throws {
    // Central Helsinki: the railway station, Esplanadi, the market square; then 3 km north-east.
    let positions = [
      Coordinate(lat: 60.1713, lon: 24.9414), Coordinate(lat: 60.1675, lon: 24.9460),
      Coordinate(lat: 60.1676, lon: 24.9527), Coordinate(lat: 60.19, lon: 24.99),
    ]
    let route = try RouteLine(positions)
    let samples = Self.samples(positions)
    #expect(abs(route.lengthMeters - (samples.last?.along ?? 0)) < 1)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let point = Coordinate(
        lat: Double.random(in: 60.160...60.195, using: &generator),
        lon: Double.random(in: 24.930...24.995, using: &generator)
      )
      let (along, detour) = route.locate(point)
      let expectedDetour = Self.bruteForce(point, samples).1
      guard expectedDetour <= 2_000 else { continue }
      #expect(abs(detour - expectedDetour) < 1.0, "\(point): detour \(detour) vs \(expectedDetour)")
      // The route's point `along` metres from the start is the one `detour` metres away. (Which point is nearest
      // is ill-conditioned far off the route, so the brute force's own choice is not compared.)
      let sample = try #require(samples.min { abs($0.along - along) < abs($1.along - along) })
      #expect(abs(sample.point.distance(to: point) - expectedDetour) < 1.0, "\(point): along \(along)")
    }
  }

  @Test func theBoxesHoldTheWholeCorridor() throws {
    let route = try RouteLine([Coordinate(lat: 60.1713, lon: 24.9414), Coordinate(lat: 60.30, lon: 25.20)])
    let chunks = route.chunks(corridorMeters: 500, maxLength: 2_000, maxWaste: 2.5)
    #expect(chunks.first?.pieces.lowerBound == 0 && chunks.last?.pieces.upperBound == route.pieces.count)
    for (a, b) in zip(chunks, chunks.dropFirst()) { #expect(a.pieces.upperBound == b.pieces.lowerBound) }
    // Points exactly 499 m off the route, either side, lie in a box of a chunk whose pieces reach them.
    for piece in route.pieces {
      let mid = Coordinate(lat: (piece.start.lat + piece.end.lat) / 2, lon: (piece.start.lon + piece.end.lon) / 2)
      let dx = (piece.end.lon - piece.start.lon) * piece.metersPerDegreeLon
      let dy = (piece.end.lat - piece.start.lat) * RouteLine.metersPerDegree
      let length = (dx * dx + dy * dy).squareRoot()
      for side in [-1.0, 1.0] {
        let offset = Coordinate(
          lat: mid.lat + side * 499 * dx / length / RouteLine.metersPerDegree,
          lon: mid.lon - side * 499 * dy / length / piece.metersPerDegreeLon
        )
        #expect(abs(route.locate(offset).detour - 499) < 0.5)
        #expect(
          chunks.contains {
            (($0.minLat)...($0.maxLat)).contains(offset.lat) && (($0.minLon)...($0.maxLon)).contains(offset.lon)
          }
        )
      }
    }
  }

  @Test func aFiftyKilometreRouteCostsFiveGeoapifyQueriesAlongAMeridianAndFifteenDiagonally() throws {
    let start = Coordinate(lat: 60.1713, lon: 24.9414)
    // 50 km north, east, and north-east (the same distance in both directions).
    let north = try RouteLine(
      from: start,
      to: Coordinate(lat: start.lat + 50_000 / RouteLine.metersPerDegree, lon: start.lon)
    )
    let eastScale = RouteLine.metersPerDegree * cos(start.lat * .pi / 180)
    let east = try RouteLine(from: start, to: Coordinate(lat: start.lat, lon: start.lon + 50_000 / eastScale))
    let step = 50_000 / 2.0.squareRoot()
    let diagonal = try RouteLine(
      from: start,
      to: Coordinate(lat: start.lat + step / RouteLine.metersPerDegree, lon: start.lon + step / eastScale)
    )
    for route in [north, east, diagonal] { #expect(abs(route.lengthMeters - 50_000) < 250) }
    #expect(PlacesService.routeChunks(north, corridorMeters: 500).count == 5)
    #expect(PlacesService.routeChunks(east, corridorMeters: 500).count == 5)
    #expect(PlacesService.routeChunks(diagonal, corridorMeters: 500).count == 15)
    #expect(PlacesService.routeChunks(diagonal, corridorMeters: 2_000).count == 5)
  }

  @Test func aRouteIsCheckedWhenItIsMade() {
    #expect(throws: RouteMessage.tooFewPositions(1)) { try RouteLine([Coordinate(lat: 60, lon: 24)]) }
    #expect(throws: RouteMessage.invalidPosition(index: 1)) {
      try RouteLine([Coordinate(lat: 60, lon: 24), Coordinate(lat: .nan, lon: 24)])
    }
    #expect(throws: RouteMessage.tooLong(kilometres: 2_224, maximum: 1_000)) {
      try RouteLine([Coordinate(lat: 40, lon: 24), Coordinate(lat: 60, lon: 24)])
    }
  }
}
