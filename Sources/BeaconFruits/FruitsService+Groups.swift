import BeaconCore
import Foundation

extension FruitsService {
  /// The fruits of one family, genus or order from its own Fruityvice endpoint (cached like places), sorted by id.
  ///
  /// When Fruityvice cannot be reached (or Beacon is offline) and the answer is not cached, the stored catalogue's
  /// fruits of that group stand in. Colours are the catalogue's, so a fruit has the same colour in every list.
  ///
  /// - Throws: ``UnknownEntity/fruitGroup(kind:name:)`` when Fruityvice answers 404; an invalid argument for an
  ///   empty name.
  package func fruits(
    in kind: FruitGroupKind,
    named rawName: String,
    refresh: Bool = false
  ) async throws(BeaconError) -> FruitGroupResult {
    let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .invalidArgument(field: "name", message: .fruit(.emptyGroupName)) }
    let path = FruityviceClient.path(["api", "fruit", kind.rawValue, name])
    let key = "fruityvice:" + path
    let stored = try await store.fruitCatalogue()
    let cached: (fruits: [Fruit], fetchedAt: Date)? = try await store.cachedResponse(key: key).flatMap { cached in
      (try? FruityviceDecoding.fruits(from: cached.body)).map { ($0, cached.fetchedAt) }
    }
    let time = now()
    func result(_ fruits: [Fruit], _ source: DataSource, stale: Bool, fetchedAt: Date) -> FruitGroupResult {
      let colors = FruitColor.assign((stored?.fruits ?? []).map(\.family) + fruits.map(\.family))
      return FruitGroupResult(
        kind: kind,
        name: name,
        fruits: fruits.sorted { $0.id < $1.id }.map { FruitSummary($0, colors: colors) },
        source: source,
        stale: stale,
        fetchedAt: fetchedAt,
        attribution: Self.attribution
      )
    }
    // The stored catalogue's fruits of this group, when Fruityvice's own answer is not to be had.
    func fromCatalogue(stale: Bool) -> FruitGroupResult? {
      guard let stored else { return nil }
      let members = stored.fruits.filter { $0.group(kind).caseInsensitiveCompare(name) == .orderedSame }
      return members.isEmpty ? nil : result(members, .cache, stale: stale, fetchedAt: stored.fetchedAt)
    }
    if let cached, !refresh || offline, time.timeIntervalSince(cached.fetchedAt) < ttl.groups {
      return result(cached.fruits, .cache, stale: false, fetchedAt: cached.fetchedAt)
    }
    if offline {
      if let cached { return result(cached.fruits, .cache, stale: true, fetchedAt: cached.fetchedAt) }
      let catalogueIsOld = stored.map { time.timeIntervalSince($0.fetchedAt) >= ttl.catalogue } ?? true
      if let standIn = fromCatalogue(stale: catalogueIsOld) { return standIn }
      throw stored == nil
        ? .upstream(.fruityvice, .unavailable(reason: "offline")) : .notFound(.fruitGroup(kind: kind, name: name))
    }
    do throws(BeaconError) {
      let body = try await client.get(path: path, notFound: .notFound(.fruitGroup(kind: kind, name: name)))
      let fruits = try FruityviceDecoding.fruits(from: body)
      try await store.cacheResponse(key: key, body: body, at: time)
      return result(fruits, .live, stale: false, fetchedAt: time)
    } catch {
      guard error.allowsStaleFallback else { throw error }
      if let cached { return result(cached.fruits, .cache, stale: true, fetchedAt: cached.fetchedAt) }
      if let standIn = fromCatalogue(stale: true) { return standIn }
      throw error
    }
  }
}
