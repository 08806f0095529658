import BeaconSync

/// Collects the answers of one batch and sends them together once all have arrived.
final class BatchCollector: Sendable {
  private let expected: Int
  private let responses = Locked<[[UInt8]]>([])
  private let complete: @Sendable ([[UInt8]]) -> Void

  init(expected: Int, complete: @escaping @Sendable ([[UInt8]]) -> Void) {
    self.expected = expected
    self.complete = complete
  }

  func add(_ response: [UInt8]) {
    let finished: [[UInt8]]? = responses.withLock { responses in
      responses.append(response)
      return responses.count == expected ? responses : nil
    }
    if let finished { complete(finished) }
  }
}
