import BeaconJSON
import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// `OSMImporter` on broken input: the file, line and column or feature named, and nothing stored.
extension OSMImporterTests {
  // MARK: - Broken input

  @Test func aTruncatedFileNamesTheLineAndColumn() throws {
    let text =
      "{\"type\":\"FeatureCollection\",\n\"features\":[\n"
      + "{\"type\":\"Feature\",\"properties\":{\"name\":\"Kafé"
    let error = Self.importError { try importFile(text, name: "truncated.geojson") }
    guard case .importFailed(let file, let position, let reason)? = error else {
      Issue.record("expected importFailed, got \(String(describing: error))")
      return
    }
    #expect(file == "truncated.geojson")
    // The string runs to the end of line 3, which is 44 characters long ("é" is one character, not two bytes).
    #expect(position == .lineColumn(line: 3, column: 45))
    #expect(reason == .invalidJSON(.unterminatedString))
    #expect(error?.message(in: .nb).contains("truncated.geojson") == true)
  }

  @Test func anErrorInTheMiddleOfALineNamesItsColumn() throws {
    let text = "{\"type\":\"FeatureCollection\",\n  \"features\": [}"
    let error = Self.importError { try importFile(text, name: "middle.geojson") }
    #expect(
      error
        == .importFailed(
          file: "middle.geojson",
          position: .lineColumn(line: 2, column: 16),
          reason: error?.problem ?? .unreadable
        )
    )
  }

  @Test(arguments: [
    #"{"type":"Feature","features":[]}"#, #"{"type":"FeatureCollection"}"#, "[]", #""FeatureCollection""#,
    #"{"type":"FeatureCollection","features":{}}"#,
  ])
  func notAFeatureCollectionIsRefused(text: String) throws {
    let error = Self.importError { try importFile(text, name: "other.json") }
    guard case .importFailed(let file, _, let reason)? = error else {
      Issue.record("expected importFailed, got \(String(describing: error))")
      return
    }
    #expect(file == "other.json")
    #expect(reason.wireText.contains("FeatureCollection"))
  }

  @Test func aMemberThatIsNotAFeatureNamesItsNumber() throws {
    let text = Self.collection(
      Self.node(1, #""amenity":"cafe","name":"Først""#),
      #"{"type":"Point","coordinates":[10.75,59.91]}"#
    )
    let error = Self.importError { try importFile(text, name: "mixed.geojson") }
    #expect(error?.position == "feature 2")
    #expect(error?.file == "mixed.geojson")
  }

  @Test(arguments: [
    #"{"type":"Point","coordinates":["10.75",59.91]}"#, #"{"type":"Point","coordinates":[10.75,95]}"#,
    #"{"type":"Point","coordinates":[190,59.91]}"#, #"{"type":"Point","coordinates":[10.75]}"#,
    #"{"type":"Point"}"#, #"{"type":"Polygon","coordinates":[]}"#, #"{"type":"LineString","coordinates":[]}"#,
    #"{"type":"MultiPolygon","coordinates":[]}"#, #"{"coordinates":[10.75,59.91]}"#,
  ])
  func aBadGeometryNamesItsFeature(geometry: String) throws {
    let text = Self.collection(
      Self.node(1, #""amenity":"cafe","name":"Først""#),
      Self.node(2, #""amenity":"cafe","name":"Andre""#),
      #"{"type":"Feature","geometry":\#(geometry),"properties":{"@type":"node","@id":3,"amenity":"cafe","name":"X"}}"#
    )
    let error = Self.importError { try importFile(text, name: "geometry.geojson") }
    #expect(error?.position == "feature 3", "\(String(describing: error))")
    #expect(error?.file == "geometry.geojson")
  }

  @Test func aBadGeometryOfAFeatureBeaconWouldSkipAnywayIsNotAnError() throws {
    // Only the features Beacon keeps are read further than their tags.
    let text = Self.collection(
      #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10,95]},"properties":{"amenity":"bench"}}"#
    )
    #expect(try importFile(text).skipped == ["otherKind": 1])
  }

  @Test func aFailedParseStoresNothing() async throws {
    let store = try Store.open(path: ":memory:")
    let text = Self.collection(
      Self.node(1, #""amenity":"cafe","name":"Gyldig""#),
      Self.node(2, #""amenity":"cafe","name":"Ugyldig""#, lon: 10.75, lat: 95)
    )
    do {
      let parsed = try importFile(text)
      try await store.upsert(parsed.places)
      Issue.record("the import must fail")
    } catch let error as BeaconError {
      #expect(error.position == "feature 2")
    }
    let stored = try await store.places(
      near: Coordinate(lat: 59.91, lon: 10.75),
      radiusMeters: 50_000,
      category: nil,
      text: nil
    )
    #expect(stored.isEmpty)
  }
}

extension BeaconError {
  /// The file of an ``importFailed(file:position:reason:)``.
  fileprivate var file: String? {
    if case .importFailed(let file, _, _) = self { return file }
    return nil
  }

  /// The position of an ``importFailed(file:position:reason:)``.
  fileprivate var position: String? {
    if case .importFailed(_, let position, _) = self { return position?.wireText }
    return nil
  }

  /// The reason of an ``importFailed(file:position:reason:)``.
  fileprivate var reason: String? {
    if case .importFailed(_, _, let reason) = self { return reason.wireText }
    return nil
  }

  /// The structured reason of an ``importFailed(file:position:reason:)``.
  fileprivate var problem: ImportProblem? {
    if case .importFailed(_, _, let reason) = self { return reason }
    return nil
  }
}
