import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when the value is
/// released (a suite's stored property lives as long as its test; a local, to the end of its scope in test builds).
package final class TemporaryDirectory: Sendable {
  /// The directory's path.
  package let path: String

  /// Makes the directory; its name starts with `prefix`, so that a leftover one says which tests made it.
  package init(_ prefix: String = "beacon-tests") {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The directory as a file URL.
  package var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

  /// The path of `name` inside the directory (nothing is created).
  package func file(_ name: String) -> String { path + "/" + name }

  /// The URL of `name` inside the directory (nothing is created).
  package func fileURL(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// The path of a store file inside the directory (SQLite makes it on first open).
  package var storePath: String { file("store.sqlite") }
}
