import BeaconCore
import Foundation
import JSONRPC

/// `beacon call METHOD [PARAMS_JSON]`: one request in-process, through the same dispatcher as `serve`.
package enum CallCommand {
  package static func run(method: String, paramsText: String?, options: ServerOptions, logger: Logger) async -> Int32 {
    let language = options.initialLanguage
    var params: JSONValue?
    if let paramsText {
      do {
        // A number beyond a `Double` (`1e400`) is valid JSON: kept as written, for the parameter that reads it to
        // refuse as out of range, as `serve` does.
        var members: [String: JSONValue] = [:]
        let whole = try JSONParser.parseMembers(
          Array(paramsText.utf8),
          maxDepth: options.maxJSONDepth,
          exactNumberKeys: [],
          keepingNumbersOutOfRange: true
        ) { members[$0] = $1 }
        params = whole ?? .object(members)
      } catch {
        logger.sink(LocalizedMessage.invalidJSONParameters(JSONSyntaxMessage(error)).text(in: language))
        return 64
      }
    }
    let client = InProcessClient(options: options, logger: logger) { method, params in
      if method == "window/logMessage", let message = params?["message"]?.stringValue {
        logger.sink(message)
      }
    }
    if method != InitializeRequest.method {
      if case .failure(let error) = await client.call(InitializeRequest.method, params: [:]) {
        logger.sink(error.message)
        return 1
      }
    }
    let answer = await client.call(method, params: params)
    // The store is closed, and the close waited for, before the process exits (see `CommandSession.run`).
    if method != Dispatcher.shutdownMethod { await CommandSession.close(client) }
    switch answer {
    case .success(let result):
      print(JSONWriter.prettyPrinted(result))
      return 0
    case .failure(let error):
      logger.sink(error.message)
      // Params the method refuses are a bad command line, as params that are no JSON are.
      return error.code == .invalidParams ? 64 : 1
    }
  }
}
