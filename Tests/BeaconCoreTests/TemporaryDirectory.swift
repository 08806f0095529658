import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
  let path: String

  init() {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-tests-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the directory.
  func file(_ name: String) -> String { path + "/" + name }
}
