extension Array where Element == Int64 {
  /// In an ascending array: the first index from `start` whose id is not below `id`, `count` when none is (a binary
  /// search).
  func firstIndex(notBelow id: Int64, from start: Int = 0) -> Int {
    var low = start
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// In an ascending array: whether some id is in `range`.
  func holdsAny(in range: ClosedRange<Int64>?) -> Bool {
    guard let range else { return false }
    let low = firstIndex(notBelow: range.lowerBound)
    return low < count && self[low] <= range.upperBound
  }
}
