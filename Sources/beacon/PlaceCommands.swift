import BeaconCore
import BeaconServer
import JSONRPC

/// `beacon details ID`: `places/details` as labelled lines.
enum DetailsCommand {
  static func run(
    id: String,
    refresh: Bool,
    format: OutputFormat,
    options: ServerOptions,
    logger: Logger
  ) async
    -> Int32
  {
    guard let session = await CommandSession.start(options: options, logger: logger) else { return 1 }
    var params: [String: JSONValue] = ["id": .string(id)]
    if refresh { params["refresh"] = true }
    guard let result = await session.call(PlaceDetailsRequest.method, .object(params)) else { return 1 }
    if format == .json {
      StandardOutput.writeJSON(result)
    } else {
      guard let details = session.decode(PlaceDetailsResult.self, from: result) else { return 1 }
      StandardOutput.write(session.output.details(details))
    }
    return 0
  }
}

/// `beacon rate ID STARS [--comment T]`: `rating/add`.
enum RateCommand {
  static func run(
    id: String,
    stars: Int,
    comment: String?,
    format: OutputFormat,
    options: ServerOptions,
    logger: Logger
  ) async -> Int32 {
    guard let session = await CommandSession.start(options: options, logger: logger) else { return 1 }
    var params: [String: JSONValue] = ["placeId": .string(id), "stars": .int(stars)]
    if let comment { params["comment"] = .string(comment) }
    guard let result = await session.call(AddRatingRequest.method, .object(params)) else { return 1 }
    if format == .json {
      StandardOutput.writeJSON(result)
    } else {
      guard let added = session.decode(AddRatingRequest.Response.self, from: result) else { return 1 }
      let output = session.output
      StandardOutput.write([output.text(.ratingSaved(stars: added.rating.stars, summary: output.rating(added.summary)))]
      )
    }
    return 0
  }
}

/// `beacon settings [reset]`: `settings/get` or `settings/reset` as labelled lines.
enum SettingsCommand {
  static func run(
    _ action: CommandLineArguments.SettingsAction,
    format: OutputFormat,
    options: ServerOptions,
    logger: Logger
  ) async -> Int32 {
    guard let session = await CommandSession.start(options: options, logger: logger) else { return 1 }
    let method = action == .reset ? ResetSettingsRequest.method : GetSettingsRequest.method
    guard let result = await session.call(method) else { return 1 }
    if format == .json {
      StandardOutput.writeJSON(result)
    } else {
      guard let settings = session.decode(Settings.self, from: result) else { return 1 }
      let output = session.output
      let heading = action == .reset ? [output.text(.settingsReset)] : []
      StandardOutput.write(heading + output.settings(settings))
    }
    return 0
  }
}
