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

  /// OSM's tags are text; a hand-made GeoJSON may give a number or a boolean instead. They were left out; a boolean
  /// is now `yes` or `no` where the tag takes those words.
  @Test func numbersAndBooleansAreKeptAsOSMText() throws {
    let document = """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"@type": "node", "@id": 8, "tourism": "hotel", "name": "Tallet",
          "stars": 3, "addr:street": "Storgata", "addr:housenumber": 12, "addr:postcode": 150, "wheelchair": true,
          "diet:vegan": false, "cuisine": null, "opening_hours": ["Mo-Fr 08:00-16:00"], "takeaway": 2.5,
          "name:en": true, "addr:city": false},
         "geometry": {"type": "Point", "coordinates": [10.75, 59.91]}}
      ]}
      """
    let parsed = try OSMImporter.parse(Array(document.utf8), file: "oslo.geojson")
    let place = try #require(parsed.places.first)
    #expect(place.address == "Storgata 12, 150")
    #expect(place.openingHours == nil && place.cuisine == nil)
    let details = try JSONParser.parse(Array(try #require(place.detailsJSON).utf8))
    let raw = try #require(details["properties"]?["datasource"]?["raw"]?.objectValue)
    #expect(raw["stars"] == "3")
    #expect(raw["addr:housenumber"] == "12")
    #expect(raw["wheelchair"] == "yes")
    #expect(raw["diet:vegan"] == "no")
    #expect(raw["takeaway"] == "2.5")
    #expect(raw["cuisine"] == nil && raw["opening_hours"] == nil, "\(raw)")
    // A boolean is yes or no only where the tag takes those words: not a name, not a city.
    #expect(raw["name:en"] == nil && raw["addr:city"] == nil, "\(raw)")
  }
}
