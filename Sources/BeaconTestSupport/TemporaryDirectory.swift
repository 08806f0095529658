import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when the value is
/// released (a suite's stored property lives as long as its test; a local, to the end of its scope in test builds).
public final class TemporaryDirectory: Sendable {
  /// The directory's path.
  public let path: String

  /// Makes the directory; its name starts with `prefix`, so that a leftover one says which tests made it.
  public init(_ prefix: String = "beacon-tests") {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The directory as a file URL.
  public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

  /// The path of `name` inside the directory (nothing is created).
  public func file(_ name: String) -> String { path + "/" + name }

  /// The URL of `name` inside the directory (nothing is created).
  public func fileURL(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The path of a store file inside the directory (SQLite makes it on first open).
  public var storePath: String { file("store.sqlite") }
}
