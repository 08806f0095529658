import Foundation

/// The contract files in `Schemas/`, shipped as this target's package resources.
///
/// The resource bundle is looked up beside the running executable (and beside test bundles) without
/// SwiftPM's `Bundle.module`, which would stop the process if a relocated binary had lost its bundle.
public enum BeaconSchemas {
  /// The bytes of `Schemas/openrpc.json`, or `nil` when the resource bundle cannot be found.
  public static func openRPCDocument() -> Data? {
    for directory in searchDirectories() {
      for bundleName in ["beacon_BeaconSchemas.resources", "beacon_BeaconSchemas.bundle"] {
        let bundle = directory.appendingPathComponent(bundleName)
        for candidate in [
          bundle.appendingPathComponent("openrpc.json"),
          bundle.appendingPathComponent("Contents/Resources/openrpc.json"),
        ] {
          if let data = try? Data(contentsOf: candidate) { return data }
        }
      }
    }
    return nil
  }

  private static func searchDirectories() -> [URL] {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    return directories
  }
}
