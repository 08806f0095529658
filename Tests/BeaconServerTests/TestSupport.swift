import BeaconCore
import Foundation

@testable import BeaconServer

extension ServerOptions {
  /// Options for an in-process server whose store lives in memory.
  static func inMemory(
    flags: BeaconOptions = BeaconOptions(),
    environment: BeaconOptions = BeaconOptions(),
    enablesTestMethods: Bool = false,
    now: Date? = nil
  ) -> ServerOptions {
    var flags = flags
    if flags.storePath == nil { flags.storePath = ":memory:" }
    return ServerOptions(
      flags: flags,
      environment: environment,
      enablesTestMethods: enablesTestMethods,
      now: { now ?? Date() }
    )
  }
}
