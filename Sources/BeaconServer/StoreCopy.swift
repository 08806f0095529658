import BeaconCore
import BeaconPostgres
import Foundation

/// `beacon store copy FROM TO`: a whole store from one backend to another (SQLite file or PostgreSQL server, either
/// way), in one transaction on the target, so a copy that fails leaves the target's data as it was, and a copy run
/// twice changes nothing the second time (``StoreSnapshot``, ``StoreCopyReport``).
package enum StoreCopy {
  /// One end of a copy, open.
  enum End {
    case sqlite(Store)
    case postgres(PostgresStore)

    func snapshot(copiers: [any SharedStoreCopier]) async throws(BeaconError) -> StoreSnapshot {
      switch self {
      case .sqlite(let store): try await store.snapshot(copiers: copiers.map { $0 as any StoreCopier })
      case .postgres(let store): try await store.snapshot(copiers: copiers)
      }
    }

    func receive(
      _ snapshot: StoreSnapshot,
      copiers: [any SharedStoreCopier]
    ) async throws(BeaconError)
      -> StoreCopyReport
    {
      switch self {
      case .sqlite(let store): try await store.receive(snapshot, copiers: copiers.map { $0 as any StoreCopier })
      case .postgres(let store): try await store.receive(snapshot, copiers: copiers)
      }
    }
  }

  /// What a copy is doing, for a progress line.
  package enum Step: Sendable, Equatable {
    /// Reading the source.
    case reading
    /// Writing what was read into the target.
    case writing(StoreSnapshot)
  }

  /// `target` as people may see it: a file's path, a server's URL without its password.
  package static func name(of target: StoreTarget) -> String {
    switch target {
    case .sqlite(let path): (path as NSString).expandingTildeInPath
    case .postgres(let url): PostgresConnectionString.redacted(url)
    }
  }

  /// Copies the store at `source` into the one at `target` (created when it is a SQLite file that does not exist;
  /// removed again when the copy fails), favourites and settings read from and written as `user`'s on a PostgreSQL
  /// store, and the features' own rows through `copiers` (the built features', ``Feature/copiers``).
  ///
  /// - Throws: ``BeaconError/storeUnavailable(path:reason:)`` when `source` is a file that does not exist or either
  ///   end cannot be opened; the target's error when writing fails (nothing is written then).
  package static func copy(
    from source: StoreTarget,
    to target: StoreTarget,
    user: String,
    copiers: [any SharedStoreCopier] = Feature.copiers,
    progress: @Sendable (Step) -> Void = { _ in }
  ) async throws(BeaconError) -> (snapshot: StoreSnapshot, report: StoreCopyReport) {
    if case .sqlite(let path) = source, !FileManager.default.fileExists(atPath: name(of: .sqlite(path: path))) {
      throw .storeUnavailable(path: name(of: source), reason: .noSuchFile)
    }
    progress(.reading)
    let snapshot = try await open(source, user: user).snapshot(copiers: copiers)
    var created: String?
    if case .sqlite = target, !FileManager.default.fileExists(atPath: name(of: target)) { created = name(of: target) }
    do {
      let end = try await open(target, user: user)
      progress(.writing(snapshot))
      return (snapshot, try await end.receive(snapshot, copiers: copiers))
    } catch {
      if let created {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: created + suffix) }
      }
      throw error
    }
  }

  /// Opens `target` (a chosen file's folder must exist) and brings its schema up to date.
  private static func open(_ target: StoreTarget, user: String) async throws(BeaconError) -> End {
    switch target {
    case .sqlite:
      let path = name(of: target)
      return .sqlite(try Store.open(path: path, migrations: Feature.storeMigrations, createsDirectory: false))
    case .postgres(let url):
      let result: Result<PostgresStore, BeaconError> = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          do throws(BeaconError) {
            continuation.resume(
              returning: .success(
                try PostgresStore.open(PostgresConnectionString(url), user: user, migrations: Feature.sharedMigrations)
              )
            )
          } catch {
            continuation.resume(returning: .failure(error))
          }
        }
      }
      return .postgres(try result.get())
    }
  }
}
