/// Batches: one JSON array of messages, answered with one array, or refused whole.
extension Dispatcher {
  /// Handles the messages of one batch (``receive(_:)`` of a JSON array): each answered into one array, unless the
  /// protocol version spoken has no batches or the batch is empty or too long.
  func receiveBatch(_ elements: [JSONValue]) {
    if let refusal = state.withLock({ $0.batchRefusal }) {
      sendResponse(id: .null, outcome: .failure(presented(.invalidRequest(refusal))))
      return
    }
    guard !elements.isEmpty else {
      sendResponse(id: .null, outcome: .failure(presented(.emptyBatch)))
      return
    }
    guard elements.count <= configuration.maxBatchLength else {
      sendResponse(
        id: .null,
        outcome: .failure(
          presented(.invalidRequest("A batch may hold at most \(configuration.maxBatchLength) messages"))
        )
      )
      return
    }
    let messages = elements.map(IncomingMessage.init)
    let answers = messages.count { message in
      switch message {
      case .request, .invalid: true
      case .notification, .response: false
      }
    }
    let batch = BatchCollector(expected: answers) { responses in
      var output: [UInt8] = [UInt8(ascii: "[")]
      for (position, response) in responses.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: response)
      }
      output.append(UInt8(ascii: "]"))
      self.send(output)
    }
    for message in messages {
      let reply: Reply = { id, outcome in batch.add(self.encodeResponse(id: id, outcome: outcome)) }
      if conventions.initializeStandsAlone, case .request(let id, let method, _) = message,
        method == Self.initializeMethod
      {
        answer(id, .failure(presented(.invalidRequest("'initialize' must not be part of a batch"))), through: reply)
        continue
      }
      handle(message, reply: reply)
    }
  }

  /// Has `decide` say, from each arriving `initialize`'s params, why batches are refused from then on (`nil`: they are
  /// answered): for a protocol whose versions differ. Decided as the `initialize` is read, so that a batch sent
  /// right behind it, before its answer, is judged by the version it asks for.
  package func refusesBatches(_ decide: @escaping @Sendable (_ initializeParams: JSONValue?) -> String?) {
    hooks.withLock { $0.batchRefusal = decide }
  }
}
