import BeaconCore
import BeaconServer
import Foundation

/// The `beacon` command: parses arguments and wires the pieces; all behaviour lives in the libraries.
@main
struct Beacon {
  static func main() async {
    let environment = ProcessInfo.processInfo.environment
    let logLevel = environment["BEACON_LOG"].flatMap(Logger.Level.init(name:)) ?? .warning
    let logger = Logger(minimumLevel: logLevel)
    let environmentOptions = BeaconOptions.environment(environment)
    let arguments: CommandLineArguments
    do {
      arguments = try CommandLineArguments(Array(CommandLine.arguments.dropFirst()))
    } catch {
      let language = environmentOptions.locale.flatMap(Language.init(bcp47:)) ?? .defaultLanguage
      logger.sink(error.message.text(in: language))
      logger.sink(CommandLineArguments.usage)
      exit(64)
    }
    let options = ServerOptions(
      flags: arguments.flags,
      environment: environmentOptions,
      enablesTestMethods: environment["BEACON_TEST_METHODS"] == "1"
    )
    switch arguments.command {
    case .help:
      print(CommandLineArguments.usage)
    case .version:
      print("beacon \(BeaconVersion.current) (SQLite \(SQLiteLibrary.version))")
    case .serve:
      ServeCommand.run(options: options, logger: logger)
    case .call(let method, let params):
      exit(await CallCommand.run(method: method, paramsText: params, options: options, logger: logger))
    }
  }
}
