import BeaconCore
import Foundation
import JSONRPC

/// What `beacon route` asks for; `nil` fields are left to the server's defaults.
package struct RouteOptions: Equatable {
  /// Where the route comes from.
  enum Source: Equatable {
    /// A straight line between two points.
    case line(from: Coordinate, to: Coordinate)
    /// A GeoJSON file with a LineString (a geometry, a Feature, or the first in a FeatureCollection).
    case file(String)
  }

  var source: Source
  var corridorMeters: Int?
  var category: PlaceCategory?
  var sort: PlaceSort?
  var limit: Int?
  var refresh = false
  var openNow = false
  var includeDemo = false
  var format = OutputFormat.human
  /// The filter params as given, for the server to check.
  var filters: [String: JSONValue] = [:]
}

/// `beacon route`: `places/searchAlongRoute` shown as a table, JSON or GeoJSON.
package enum RouteCommand {
  package static func run(_ route: RouteOptions, options: ServerOptions, logger: Logger) async -> Int32 {
    return await CommandSession.run(options: options, logger: logger) { session in
      // Read in the session, so that a fault is said in its language (the one the store keeps, too).
      let geometry: JSONValue
      do throws(RouteMessage) {
        geometry = try routeGeometry(route.source)
      } catch {
        logger.sink(LocalizedMessage.route(error).text(in: session.language))
        return 1
      }
      guard let result = await session.call(SearchAlongRouteRequest.method, params(route, geometry: geometry)) else {
        return 1
      }
      switch route.format {
      case .json:
        StandardOutput.writeJSON(result)
      case .geojson:
        var collection = GeoJSONOutput.featureCollection(places: result["places"]?.arrayValue ?? [])
        if case .object(var members) = collection, let features = members["features"]?.arrayValue {
          // The route itself first, so a map shows the line with its places.
          let line: JSONValue = ["type": "Feature", "geometry": geometry, "properties": [:]]
          members["features"] = .array([line] + features)
          collection = .object(members)
        }
        StandardOutput.writeJSON(collection)
      case .human:
        guard let decoded = session.decode(RouteSearchResult.self, from: result) else { return 1 }
        StandardOutput.write(session.output.route(decoded))
      }
      return 0
    }
  }

  /// The route as a GeoJSON LineString geometry.
  static func routeGeometry(_ source: RouteOptions.Source) throws(RouteMessage) -> JSONValue {
    switch source {
    case .line(let from, let to):
      return [
        "type": "LineString",
        "coordinates": [[.double(from.lon), .double(from.lat)], [.double(to.lon), .double(to.lat)]],
      ]
    case .file(let path):
      guard let data = FileManager.default.contents(atPath: path) else { throw .unreadableFile(path) }
      guard let document = try? JSONParser.parse(Array(data)), let line = RouteLine.lineString(in: document) else {
        throw .noLineString(file: path)
      }
      return line
    }
  }

  /// The `places/searchAlongRoute` params: only what the command line gave.
  static func params(_ route: RouteOptions, geometry: JSONValue) -> JSONValue {
    var params: [String: JSONValue] = ["route": geometry]
    if let corridor = route.corridorMeters { params["corridorMeters"] = .int(corridor) }
    if let category = route.category { params["category"] = .string(category.rawValue) }
    if let sort = route.sort { params["sort"] = .string(sort.rawValue) }
    if let limit = route.limit { params["limit"] = .int(limit) }
    if route.refresh { params["refresh"] = true }
    if route.openNow { params["openNow"] = true }
    if route.includeDemo { params["includeDemo"] = true }
    params.merge(route.filters) { _, filter in filter }
    return .object(params)
  }
}
