import BeaconCore

@testable import BeaconServer

extension ServerOptions {
  /// Options for an in-process server whose store lives in memory.
  static func inMemory(
    flags: BeaconOptions = BeaconOptions(),
    environment: BeaconOptions = BeaconOptions(),
    enablesTestMethods: Bool = false
  ) -> ServerOptions {
    var flags = flags
    if flags.storePath == nil { flags.storePath = ":memory:" }
    return ServerOptions(flags: flags, environment: environment, enablesTestMethods: enablesTestMethods)
  }
}
