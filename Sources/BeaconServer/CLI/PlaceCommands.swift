import BeaconCore
import JSONRPC

/// `beacon details ID`: `places/details` as labelled lines.
package enum DetailsCommand {
  package static func run(
    id: String,
    refresh: Bool,
    format: OutputFormat,
    options: ServerOptions,
    logger: Logger
  ) async
    -> Int32
  {
    return await CommandSession.run(options: options, logger: logger) { session in
      var params: [String: JSONValue] = ["id": .string(id)]
      if refresh { params["refresh"] = true }
      return await session.show(PlaceDetailsRequest.method, .object(params), format)
    }
  }
}

/// `beacon rate ID STARS [--comment T]`: `rating/add`.
package enum RateCommand {
  package static func run(
    id: String,
    stars: Int,
    comment: String?,
    format: OutputFormat,
    options: ServerOptions,
    logger: Logger
  ) async -> Int32 {
    return await CommandSession.run(options: options, logger: logger) { session in
      var params: [String: JSONValue] = ["placeId": .string(id), "stars": .int(stars)]
      if let comment { params["comment"] = .string(comment) }
      return await session.show(AddRatingRequest.method, .object(params), format)
    }
  }
}

/// `beacon settings [reset]`: `settings/get` or `settings/reset` as labelled lines.
package enum SettingsCommand {
  package static func run(
    _ action: CommandLineArguments.SettingsAction,
    format: OutputFormat,
    options: ServerOptions,
    logger: Logger
  ) async -> Int32 {
    return await CommandSession.run(options: options, logger: logger) { session in
      let method = action == .reset ? ResetSettingsRequest.method : GetSettingsRequest.method
      return await session.show(method, nil, format)
    }
  }
}
