import BeaconJSON
import BeaconTestSupport
import Testing

/// Numbers, formats and a realistic schema.
extension JSONSchemaValidatorTests {
  // MARK: - Numbers

  @Test(arguments: [
    ("5", true, true), ("5.0", true, true), ("-0.0", true, true), ("5.5", false, true), ("1e300", true, true),
    ("123456789012345678901234567890", true, true), ("-123456789012345678901234567890", true, true),
    ("true", false, false), (#""5""#, false, false), ("null", false, false),
  ])
  func integerAndNumberTypes(instance: String, isInteger: Bool, isNumber: Bool) throws {
    let value = try Self.json(instance)
    let validator = JSONSchemaValidator(root: true)
    #expect(validator.validate(value, against: ["type": "integer"]).isEmpty == isInteger)
    #expect(validator.validate(value, against: ["type": "number"]).isEmpty == isNumber)
  }

  @Test func largeIntegersParseAsLargeIntegersAndCompareExactly() throws {
    let large = try Self.json("123456789012345678901234567890")
    guard case .largeInteger = large else {
      Issue.record("expected .largeInteger, got \(large)")
      return
    }
    let schema = try Self.json(
      #"{"minimum": 123456789012345678901234567890, "exclusiveMaximum": 123456789012345678901234567891}"#
    )
    let validator = JSONSchemaValidator(root: schema)
    #expect(validator.validate(large, against: schema).isEmpty)
    #expect(
      validator.validate(try Self.json("123456789012345678901234567889"), against: schema).map(\.keyword) == ["minimum"]
    )
    #expect(
      validator.validate(try Self.json("123456789012345678901234567891"), against: schema).map(\.keyword) == [
        "exclusiveMaximum"
      ]
    )
    #expect(validator.validate(.int(.max), against: schema).map(\.keyword) == ["minimum"])
    #expect(validator.validate(large, against: ["maximum": .int(.max)]).map(\.keyword) == ["maximum"])
    #expect(validator.validate(try Self.json("-123456789012345678901234567890"), against: ["minimum": 0]).count == 1)
    #expect(validator.validate(large, against: ["const": "123456789012345678901234567890"]).count == 1)
    #expect(validator.validate(large, against: ["enum": [large]]).isEmpty)
  }

  // MARK: - Formats

  @Test(arguments: [
    ("2024-05-06T07:08:09Z", true), ("2024-05-06t07:08:09.123+02:00", true), ("2024-02-29T00:00:00-05:30", true),
    ("2016-12-31T23:59:60Z", true), ("2023-02-29T00:00:00Z", false), ("2024-13-01T00:00:00Z", false),
    ("2024-05-06 07:08:09Z", false), ("2024-05-06T07:08:09", false), ("2024-05-06T24:00:00Z", false),
    ("2024-05-06T07:08:09+0200", false), ("2024-05-06", false), ("", false),
  ])
  func dateTimeFormat(text: String, isValid: Bool) {
    let violations = JSONSchemaValidator(root: true).validate(.string(text), against: ["format": "date-time"])
    #expect(violations.isEmpty == isValid, "\(violations)")
  }

  @Test(arguments: [
    ("https://example.com/a?b=c#d", true), ("mailto:a@example.com", true), ("urn:isbn:0451450523", true),
    ("x-custom+v1.2:thing", true), ("example.com", false), ("/relative/path", false), ("1http://x", false),
    ("https://exa mple.com", false), ("", false),
  ])
  func uriFormat(text: String, isValid: Bool) {
    let violations = JSONSchemaValidator(root: true).validate(.string(text), against: ["format": "uri"])
    #expect(violations.isEmpty == isValid, "\(violations)")
  }

  @Test func otherFormatsAndNonStringsAreNotChecked() {
    let validator = JSONSchemaValidator(root: true)
    #expect(validator.validate("not an email", against: ["format": "email"]).isEmpty)
    #expect(validator.validate(1, against: ["format": "date-time"]).isEmpty)
    #expect(validator.validate(1, against: ["pattern": "^a$", "minLength": 5]).isEmpty)
    #expect(validator.validate("a", against: ["minimum": 5, "minItems": 5, "required": ["a"]]).isEmpty)
  }

  @Test func anInvalidPatternIsAViolation() {
    let violations = JSONSchemaValidator(root: true).validate("a", against: ["pattern": "("])
    #expect(violations.map(\.keyword) == ["pattern"])
  }

  // MARK: - A realistic schema

  static let placeDocument = #"""
    {"components": {"schemas": {
      "RatingSummary": {
        "type": "object", "additionalProperties": false, "required": ["average", "count"],
        "properties": {
          "average": {"type": "number", "minimum": 1, "maximum": 5},
          "count": {"type": "integer", "minimum": 1}}},
      "PlaceSummary": {
        "type": "object", "additionalProperties": false,
        "required": ["id", "name", "category", "location", "rating"],
        "properties": {
          "id": {"type": "string", "minLength": 1},
          "name": {"type": "string"},
          "category": {"enum": ["restaurant", "cafe", "hotel"]},
          "location": {
            "type": "object", "additionalProperties": false, "required": ["lat", "lon"],
            "properties": {
              "lat": {"type": "number", "minimum": -90, "maximum": 90},
              "lon": {"type": "number", "minimum": -180, "maximum": 180}}},
          "distanceMeters": {"type": "integer", "minimum": 0},
          "website": {"type": "string", "format": "uri"},
          "updatedAt": {"type": "string", "format": "date-time"},
          "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
          "rating": {"oneOf": [{"$ref": "#/components/schemas/RatingSummary"}, {"type": "null"}]}}}
    }}}
    """#

  @Test func aPlaceSummaryWithARatingOrNullRatingIsValid() throws {
    let document = try Self.json(Self.placeDocument)
    let validator = JSONSchemaValidator(root: document)
    let schema: JSONValue = ["$ref": "#/components/schemas/PlaceSummary"]
    let rated = try Self.json(
      #"""
      {"id": "p1", "name": "Bryggehallen Matsal", "category": "restaurant", "location": {"lat": 59.91, "lon": 10.75},
       "distanceMeters": 120, "website": "https://example.no", "updatedAt": "2024-05-06T07:08:09Z",
       "tags": ["fish", "view"], "rating": {"average": 4.5, "count": 12}}
      """#
    )
    #expect(validator.validate(rated, against: schema).isEmpty)
    let unrated = try Self.json(
      #"{"id": "p2", "name": "Kafé", "category": "cafe", "location": {"lat": 60, "lon": 11}, "rating": null}"#
    )
    #expect(validator.validate(unrated, against: schema).isEmpty)
    let list: JSONValue = ["type": "array", "items": schema]
    #expect(validator.validate([rated, unrated], against: list).isEmpty)
  }

  @Test func aBrokenPlaceSummaryReportsEveryProblem() throws {
    let document = try Self.json(Self.placeDocument)
    let validator = JSONSchemaValidator(root: document)
    let schema: JSONValue = ["type": "array", "items": ["$ref": "#/components/schemas/PlaceSummary"]]
    let places = try Self.json(
      #"""
      [{"id": "p1", "name": "A", "category": "bar", "location": {"lat": 91, "lon": 10.75}, "distanceMeters": 1.5,
        "rating": {"average": 6, "count": 1}, "extra": true},
       {"id": "", "name": "B", "category": "hotel", "location": {"lat": 0, "lon": 0},
        "website": "example.no", "updatedAt": "yesterday", "tags": ["a", "a"]}]
      """#
    )
    let violations = validator.validate(places, against: schema)
    let summary = violations.map { "\($0.path) \($0.keyword)" }
    #expect(
      summary == [
        "/0/category enum", "/0/distanceMeters type", "/0/extra additionalProperties", "/0/location/lat maximum",
        "/0/rating oneOf", "/1 required", "/1/id minLength", "/1/tags uniqueItems", "/1/updatedAt format",
        "/1/website format",
      ],
      "\(violations)"
    )
    let rating = violations.first { $0.keyword == "oneOf" }
    #expect(rating?.message.contains("/0/rating/average: maximum") == true, "\(String(describing: rating))")
  }
}
