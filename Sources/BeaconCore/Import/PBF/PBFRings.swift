/// Joins the ways of a multipolygon relation into closed rings, end to end (each way forwards or backwards).
enum PBFRings {
  /// The closed rings (node ids, first equal to last) the ways form, or `nil` when some way is left over or a
  /// ring does not close (the relation has no area, as osmium would make none).
  static func assemble(_ ways: [[Int64]]) -> [[Int64]]? {
    var open = ways.filter { $0.count >= 2 }
    guard !open.isEmpty, open.count == ways.count else { return nil }
    var rings: [[Int64]] = []
    while !open.isEmpty {
      var ring = open.removeFirst()
      while let last = ring.last, let first = ring.first, first != last || ring.count < 4 {
        guard let index = open.firstIndex(where: { $0.first == last || $0.last == last }) else { return nil }
        let way = open.remove(at: index)
        ring.append(contentsOf: way.first == last ? way.dropFirst() : way.reversed().dropFirst())
      }
      rings.append(ring)
    }
    return rings
  }
}
