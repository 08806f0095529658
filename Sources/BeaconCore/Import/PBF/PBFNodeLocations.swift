/// The positions of the nodes that wanted ways need, for ``PBFFeatureReader``: the nodes' ids sorted, and each one's
/// latitude and longitude once read, 24 bytes a node (a dictionary of them takes twice that, and twice again while it
/// grows).
struct PBFNodeLocations {
  /// The nodes asked for, ascending, each once.
  private var ids: [Int64] = []
  /// Their latitudes and longitudes, by the place of the id in ``ids``; not a number until read.
  private var latitudes: [Double] = []
  private var longitudes: [Double] = []

  /// No node asked for.
  init() {}

  /// Asks for the positions of `more` nodes as well, keeping those already read.
  mutating func ask(for more: some Collection<Int64>) {
    let added = more.filter { !asks(for: $0) }.sorted()
    guard !added.isEmpty else { return }
    let count = ids.count + added.count
    var mergedIDs: [Int64] = []
    var mergedLatitudes: [Double] = []
    var mergedLongitudes: [Double] = []
    mergedIDs.reserveCapacity(count)
    mergedLatitudes.reserveCapacity(count)
    mergedLongitudes.reserveCapacity(count)
    var old = 0
    var new = 0
    while old < ids.count || new < added.count {
      if new == added.count || (old < ids.count && ids[old] < added[new]) {
        mergedIDs.append(ids[old])
        mergedLatitudes.append(latitudes[old])
        mergedLongitudes.append(longitudes[old])
        old += 1
      } else {
        // A node asked for twice in `more` is kept once.
        if mergedIDs.last != added[new] {
          mergedIDs.append(added[new])
          mergedLatitudes.append(.nan)
          mergedLongitudes.append(.nan)
        }
        new += 1
      }
    }
    (ids, latitudes, longitudes) = (mergedIDs, mergedLatitudes, mergedLongitudes)
  }

  /// Whether the position of node `id` is asked for.
  func asks(for id: Int64) -> Bool {
    index(of: id) != nil
  }

  /// Records the position of node `id` when it is asked for.
  mutating func record(_ id: Int64, lat: Double, lon: Double) {
    guard let index = index(of: id) else { return }
    latitudes[index] = lat
    longitudes[index] = lon
  }

  /// The position of node `id`, when it was asked for and read.
  subscript(id: Int64) -> Coordinate? {
    guard let index = index(of: id), !latitudes[index].isNaN else { return nil }
    return Coordinate(lat: latitudes[index], lon: longitudes[index])
  }

  /// Whether the position of node `id` was read.
  func hasRead(_ id: Int64) -> Bool {
    self[id] != nil
  }

  private func index(of id: Int64) -> Int? {
    let low = ids.firstIndex(notBelow: id)
    return low < ids.count && ids[low] == id ? low : nil
  }
}
