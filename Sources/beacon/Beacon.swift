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
    let environmentOptions = BeaconOptions.environment(environment, serviceURLs: Feature.serviceURLOptions)
    let arguments: CommandLineArguments
    do {
      arguments = try CommandLineArguments(Array(CommandLine.arguments.dropFirst()))
    } catch {
      let given = Array(CommandLine.arguments.dropFirst())
      let tag = CommandLineArguments.requestedLocale(in: given) ?? environmentOptions.locale
      let stored = ServerOptions.storedLanguage(
        storePath: CommandLineArguments.requestedStorePath(in: given) ?? environmentOptions.storePath,
        environment: environment
      )
      let language = tag.flatMap(Language.init(bcp47:)) ?? stored ?? .defaultLanguage
      // One line: what is wrong and how to get help (the full help only on request).
      logger.sink(error.message.usageLine(in: language))
      exit(64)
    }
    let testing = environment["BEACON_TEST_METHODS"] == "1"
    // End-to-end tests fix the clock (BEACON_TEST_NOW, an ISO 8601 time) so "open now" is reproducible.
    let fixedNow = testing ? environment["BEACON_TEST_NOW"].flatMap { ISO8601DateFormatter().date(from: $0) } : nil
    // Resource limits (Documentation/Reliability.md): a positive whole number, else the default.
    func limit(_ name: String) -> Int? { environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } }
    var options = ServerOptions(
      flags: arguments.flags,
      environment: environmentOptions,
      enablesTestMethods: testing,
      now: { fixedNow ?? Date() },
      maxInFlight: limit("BEACON_MAX_IN_FLIGHT") ?? 1024
    )
    options.maxJSONDepth = limit("BEACON_MAX_JSON_DEPTH") ?? options.maxJSONDepth
    options.maxBatchLength = limit("BEACON_MAX_BATCH") ?? options.maxBatchLength
    options.maxUpstreamBytes = limit("BEACON_MAX_UPSTREAM_BYTES") ?? options.maxUpstreamBytes
    switch arguments.command {
    case .serve, .mcp, .version: break  // A session's language comes with its `initialize`.
    default:
      options.storedLanguage = ServerOptions.storedLanguage(
        storePath: arguments.flags.storePath ?? environmentOptions.storePath,
        environment: environment
      )
    }
    // People at a terminal see warnings as plain sentences (`window/logMessage`); the log repeats them only
    // when BEACON_LOG asks for it.
    let humanLogger = environment["BEACON_LOG"] == nil ? Logger(minimumLevel: .error) : logger
    switch arguments.command {
    case .help(let topic):
      // In the language of --locale, BEACON_LOCALE or the store's settings.
      print(HelpText.text(in: options.initialLanguage, for: topic))
    case .version:
      print("beacon \(BeaconVersion.current) (commit \(BuildInfo.commit), SQLite \(SQLiteLibrary.version))")
    case .serve:
      ServeCommand.run(.jsonRPC, options: options, logger: logger)
    case .mcp(let chosen):
      // --toolsets, else BEACON_MCP_TOOLSETS, else the default sets.
      var toolSets = chosen ?? MCPToolSet.defaultSets
      if chosen == nil, let list = environment["BEACON_MCP_TOOLSETS"] {
        do {
          toolSets = try CommandLineArguments.toolSets(list)
        } catch {
          logger.sink(error.message.usageLine(in: options.initialLanguage))
          exit(64)
        }
      }
      ServeCommand.run(.mcp(toolSets: toolSets), options: options, logger: logger)
    case .call(let method, let params):
      exit(await CallCommand.run(method: method, paramsText: params, options: options, logger: logger))
    case .search(let search):
      exit(await SearchCommand.run(search, options: options, logger: humanLogger))
    case .route(let route):
      exit(await RouteCommand.run(route, options: options, logger: humanLogger))
    case .details(let id, let refresh, let format):
      exit(await DetailsCommand.run(id: id, refresh: refresh, format: format, options: options, logger: humanLogger))
    case .rate(let id, let stars, let comment, let format):
      exit(
        await RateCommand.run(
          id: id,
          stars: stars,
          comment: comment,
          format: format,
          options: options,
          logger: humanLogger
        )
      )
    case .favorites(let action, let format):
      exit(await FavoritesCommand.run(action, format: format, options: options, logger: humanLogger))
    case .settings(let action, let format):
      exit(await SettingsCommand.run(action, format: format, options: options, logger: humanLogger))
    case .importFile(let path, let format):
      exit(await ImportCommand.run(path: path, format: format, options: options, logger: humanLogger))
    case .feature(let command):
      exit(await command.run(options, humanLogger))
    case .store(let action):
      exit(await StoreCommand.run(action, options: options, logger: logger))
    }
  }
}
