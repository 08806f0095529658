import BeaconJSON
import Testing

@testable import BeaconCore

/// The OSM tags an import keeps in a place's details: the ones Beacon shows or searches, and every name, address
/// and diet tag; nothing else.
@Suite struct OSMImporterTagTests {
  @Test func namesAddressesAndDietsAreKeptAndOtherTagsAreNot() throws {
    let document = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"@type": "node", "@id": 7, "amenity": "restaurant", "name": "Kala",
          "name:en": "Fish", "name:fi": "Kala", "addr:street": "Rantatie", "addr:country": "FI", "addr:unit": "B",
          "diet:halal": "yes", "diet:gluten_free": "limited", "cuisine": "fish", "note": "private remark",
          "building:levels": "3", "source": "survey"},
         "geometry": {"type": "Point", "coordinates": [24.95, 60.17]}}
      ]}
      """
    let parsed = try OSMImporter.parse(Array(document.utf8), file: "helsinki.geojson")
    let place = try #require(parsed.places.first)
    let details = try JSONParser.parse(Array(try #require(place.detailsJSON).utf8))
    let raw = try #require(details["properties"]?["datasource"]?["raw"]?.objectValue)
    for key in [
      "name", "name:en", "name:fi", "addr:street", "addr:country", "addr:unit", "diet:halal",
      "diet:gluten_free", "cuisine", "amenity",
    ] {
      #expect(raw[key] != nil, "\(key) is kept: \(raw)")
    }
    for key in ["note", "building:levels", "source"] {
      #expect(raw[key] == nil, "\(key) is not kept: \(raw)")
    }
    #expect(raw["name:en"]?.stringValue == "Fish")
  }
}
