/// Group commit: exclusive requests of one method that arrive together run as one group.
///
/// When a client pipelines writes (say 500 `rating/add` in one read), running them one by one costs a task,
/// a transaction and a wake-up each. A method registered with a group handler instead gets every request of
/// an unbroken run of its arrivals in one call, and can commit them in one transaction; each request still
/// gets its own answer, in order, after the group's work is done. Ordering is unchanged: the group is one
/// exclusive unit where its first request arrived, and anything that arrives after it waits for it.
/// Grouped requests have started once the group exists, so `$/cancelRequest` no longer stops them.
extension Dispatcher {
  /// Runs several requests of one method; one outcome per request, in order.
  typealias GroupHandler =
    @Sendable (_ members: [(params: JSONValue?, context: RequestContext)]) async -> [Result<[UInt8], any Error>]

  /// Requests waiting to run as one group.
  struct PendingGroup: Sendable {
    struct Member: Sendable {
      let id: RequestID
      let params: JSONValue?
      let context: RequestContext
      /// Takes the answer; `nil`: sent on its own.
      let reply: Reply?
    }

    let method: String
    let handler: RequestHandler
    var members: [Member]
  }

  /// Registers the handler of requests of type `R` and a group handler that runs several exclusive requests
  /// of `R` that arrived together at once, answering each (one result per request, in order).
  package func register<R: RequestType>(
    _ type: R.Type,
    handler: @escaping @Sendable (R, RequestContext) async throws -> R.Response,
    group: @escaping @Sendable ([R]) async -> [Result<R.Response, any Error>]
  ) {
    register(type, handler: handler)
    let runGroup: GroupHandler = { members in
      var outcomes = [Result<[UInt8], any Error>?](repeating: nil, count: members.count)
      var requests: [R] = []
      var positions: [Int] = []
      for (index, member) in members.enumerated() {
        do {
          requests.append(try Self.decodeParams(R.self, from: member.params))
          positions.append(index)
        } catch {
          outcomes[index] = .failure(error)
        }
      }
      let results = requests.isEmpty ? [] : await group(requests)
      for (position, result) in zip(positions, results) {
        outcomes[position] = result.flatMap { response in Result { try JSONStreamEncoder().encode(response) } }
      }
      return outcomes.map { $0 ?? .failure(ResponseError.internalError) }
    }
    state.withLock { state in
      let updated = state.requestHandlers[R.method]?.with(runGroup: runGroup)
      state.setHandler(updated, for: R.method)
    }
  }

  /// Handles message bodies that arrived together (one read from the client), in order, running unbroken runs
  /// of requests to a method with a group handler as one group each.
  package func receive(contentsOf bodies: [[UInt8]]) {
    receive(contentsOf: bodies.map { $0[...] })
  }

  /// ``receive(contentsOf:)`` for bodies sliced from what was read.
  package func receive(contentsOf bodies: some Collection<ArraySlice<UInt8>>) {
    state.withLock { $0.isCollecting = true }
    for body in bodies { receive(body) }
    flushGroup(endingCollection: true)
  }

  /// Adds a request to the group being collected (starting a new group for another method); `false` when no
  /// group is being collected and the request must run on its own.
  func collect(
    id: RequestID,
    method: String,
    params: JSONValue?,
    handler: RequestHandler,
    reply: Reply?
  ) -> Bool {
    let (collecting, otherMethod) = state.withLock { ($0.isCollecting, $0.pendingGroup.map { $0.method != method }) }
    guard collecting else { return false }
    if otherMethod == true { flushGroup() }
    let member = PendingGroup.Member(
      id: id,
      params: params,
      context: makeContext(id: id, method: method, params: params, handler: handler),
      reply: reply
    )
    state.withLock { state in
      if state.pendingGroup == nil { state.pendingGroup = PendingGroup(method: method, handler: handler, members: []) }
      state.pendingGroup?.members.append(member)
    }
    return true
  }

  /// Starts the pending group, if any: one request runs as usual, several as one exclusive group. With
  /// `endingCollection`, the collecting of a read's messages ends in the same hold of the lock.
  func flushGroup(endingCollection: Bool = false) {
    let taken = state.withLock { state -> PendingGroup? in
      if endingCollection { state.isCollecting = false }
      defer { state.pendingGroup = nil }
      return state.pendingGroup
    }
    guard let group = taken else { return }
    if group.members.count == 1, let only = group.members.first {
      spawn(ordering: .exclusive, id: only.id) {
        let outcome = await self.run(group.handler, method: group.method, params: only.params, context: only.context)
        if Task.isCancelled && !self.conventions.answersCancelledRequests { return }
        self.answer(only.id, outcome, through: only.reply)
      }
      return
    }
    spawn(ordering: .exclusive, id: nil) {
      let outcomes = await self.runGroup(group)
      for (member, outcome) in zip(group.members, outcomes) { self.answer(member.id, outcome, through: member.reply) }
    }
  }

  private func runGroup(_ group: PendingGroup) async -> [Result<[UInt8], ResponseError>] {
    // Requests queued behind an `initialize` that failed must not run uninitialized.
    guard state.withLock({ $0.phase }) != .uninitialized, let runGroup = group.handler.runGroup else {
      return group.members.map { _ in .failure(presented(notInitialized(group.method))) }
    }
    let results = await runGroup(group.members.map { ($0.params, $0.context) })
    return results.map { result in result.mapError { responseError(for: $0, method: group.method) } }
  }
}
