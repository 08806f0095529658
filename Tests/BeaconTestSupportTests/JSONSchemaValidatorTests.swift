import BeaconJSON
import BeaconTestSupport
import Testing

/// The JSON Schema subset validator that checks results against `Schemas/openrpc.json`.
///
/// The expected outcomes were cross-checked against Python's `jsonschema` (Draft 2020-12, with its format checker).
@Suite struct JSONSchemaValidatorTests {
  /// One keyword: a schema, an instance it accepts and one it rejects with exactly one violation of `keyword`.
  struct KeywordCase: Sendable, CustomTestStringConvertible {
    let keyword: String
    let schema: String
    let valid: String
    let invalid: String

    var testDescription: String { "\(keyword): \(schema)" }
  }

  static let keywordCases: [KeywordCase] = [
    KeywordCase(keyword: "type", schema: #"{"type": "string"}"#, valid: #""a""#, invalid: "1"),
    KeywordCase(keyword: "type", schema: #"{"type": ["string", "null"]}"#, valid: "null", invalid: "false"),
    KeywordCase(keyword: "type", schema: #"{"type": "null"}"#, valid: "null", invalid: "0"),
    KeywordCase(keyword: "type", schema: #"{"type": "boolean"}"#, valid: "true", invalid: "1"),
    KeywordCase(keyword: "type", schema: #"{"type": "object"}"#, valid: "{}", invalid: "[]"),
    KeywordCase(keyword: "type", schema: #"{"type": "array"}"#, valid: "[]", invalid: "{}"),
    KeywordCase(keyword: "enum", schema: #"{"enum": ["a", 1, null]}"#, valid: "1.0", invalid: #""b""#),
    KeywordCase(keyword: "enum", schema: #"{"enum": [[1, {"a": true}]]}"#, valid: #"[1, {"a": true}]"#, invalid: "[1]"),
    KeywordCase(
      keyword: "const",
      schema: #"{"const": {"a": [1, 2]}}"#,
      valid: #"{"a": [1, 2.0]}"#,
      invalid: #"{"a": [2, 1]}"#
    ),
    KeywordCase(keyword: "const", schema: #"{"const": 1}"#, valid: "1", invalid: "true"),
    KeywordCase(keyword: "const", schema: #"{"const": false}"#, valid: "false", invalid: "0"),
    KeywordCase(
      keyword: "required",
      schema: #"{"required": ["a", "b"]}"#,
      valid: #"{"a": 1, "b": null}"#,
      invalid: #"{"a": 1}"#
    ),
    KeywordCase(keyword: "required", schema: #"{"required": ["a"]}"#, valid: #""not an object""#, invalid: "{}"),
    KeywordCase(
      keyword: "type",
      schema: #"{"properties": {"a": {"type": "integer"}}}"#,
      valid: #"{"a": 1, "b": "x"}"#,
      invalid: #"{"a": "1"}"#
    ),
    KeywordCase(
      keyword: "additionalProperties",
      schema: #"{"properties": {"a": {}}, "additionalProperties": false}"#,
      valid: #"{"a": 1}"#,
      invalid: #"{"a": 1, "b": 2}"#
    ),
    KeywordCase(
      keyword: "type",
      schema: #"{"properties": {"a": {}}, "additionalProperties": {"type": "string"}}"#,
      valid: #"{"a": 1, "b": "x"}"#,
      invalid: #"{"a": 1, "b": 2}"#
    ),
    KeywordCase(
      keyword: "additionalProperties",
      schema: #"{"patternProperties": {"^x-": {}}, "additionalProperties": false}"#,
      valid: #"{"x-extra": 1}"#,
      invalid: #"{"extra": 1}"#
    ),
    KeywordCase(keyword: "minProperties", schema: #"{"minProperties": 1}"#, valid: #"{"a": 1}"#, invalid: "{}"),
    KeywordCase(keyword: "maxProperties", schema: #"{"maxProperties": 1}"#, valid: "{}", invalid: #"{"a": 1, "b": 2}"#),
    KeywordCase(keyword: "type", schema: #"{"items": {"type": "integer"}}"#, valid: "[1, 2]", invalid: #"[1, "2"]"#),
    KeywordCase(
      keyword: "type",
      schema: #"{"prefixItems": [{"type": "string"}, {"type": "number"}]}"#,
      valid: #"["a", 1.5, true]"#,
      invalid: #"[1]"#
    ),
    KeywordCase(
      keyword: "items",
      schema: #"{"prefixItems": [{"type": "string"}], "items": false}"#,
      valid: #"["a"]"#,
      invalid: #"["a", "b"]"#
    ),
    KeywordCase(keyword: "minItems", schema: #"{"minItems": 2}"#, valid: "[1, 2]", invalid: "[1]"),
    KeywordCase(keyword: "maxItems", schema: #"{"maxItems": 1}"#, valid: "[1]", invalid: "[1, 2]"),
    KeywordCase(keyword: "uniqueItems", schema: #"{"uniqueItems": true}"#, valid: "[1, true]", invalid: "[1, 1.0]"),
    KeywordCase(keyword: "minimum", schema: #"{"minimum": 1}"#, valid: "1", invalid: "0.999"),
    KeywordCase(keyword: "maximum", schema: #"{"maximum": 5}"#, valid: "5.0", invalid: "5.01"),
    KeywordCase(keyword: "exclusiveMinimum", schema: #"{"exclusiveMinimum": 0}"#, valid: "0.001", invalid: "0"),
    KeywordCase(keyword: "exclusiveMaximum", schema: #"{"exclusiveMaximum": 5}"#, valid: "4", invalid: "5"),
    KeywordCase(keyword: "minimum", schema: #"{"minimum": 1}"#, valid: #""0""#, invalid: "-1"),
    KeywordCase(keyword: "minLength", schema: #"{"minLength": 2}"#, valid: #""ab""#, invalid: #""a""#),
    KeywordCase(keyword: "maxLength", schema: #"{"maxLength": 3}"#, valid: #""øæå""#, invalid: #""abcd""#),
    KeywordCase(keyword: "maxLength", schema: #"{"maxLength": 1}"#, valid: #""👍""#, invalid: #""👍🏽""#),
    KeywordCase(keyword: "pattern", schema: #"{"pattern": "^[a-z]+$"}"#, valid: #""abc""#, invalid: #""abc1""#),
    KeywordCase(keyword: "pattern", schema: #"{"pattern": "b"}"#, valid: #""abc""#, invalid: #""ac""#),
    KeywordCase(
      keyword: "format",
      schema: #"{"format": "date-time"}"#,
      valid: #""2024-05-06T07:08:09Z""#,
      invalid: #""2024-05-06""#
    ),
    KeywordCase(
      keyword: "format",
      schema: #"{"format": "uri"}"#,
      valid: #""https://example.com/a""#,
      invalid: #""example.com""#
    ),
    KeywordCase(
      keyword: "oneOf",
      schema: #"{"oneOf": [{"type": "integer"}, {"minimum": 2}]}"#,
      valid: "1",
      invalid: "3"
    ),
    KeywordCase(
      keyword: "anyOf",
      schema: #"{"anyOf": [{"type": "string"}, {"type": "null"}]}"#,
      valid: "null",
      invalid: "1"
    ),
    KeywordCase(
      keyword: "minimum",
      schema: #"{"allOf": [{"type": "integer"}, {"minimum": 2}]}"#,
      valid: "2",
      invalid: "1"
    ),
    KeywordCase(keyword: "not", schema: #"{"not": {"type": "string"}}"#, valid: "1", invalid: #""a""#),
    KeywordCase(keyword: "false", schema: "false", valid: "null", invalid: "null"),
  ]

  @Test(arguments: keywordCases)
  func eachKeywordAcceptsOneInstanceAndRejectsAnother(_ testCase: KeywordCase) throws {
    let schema = try Self.json(testCase.schema)
    let validator = JSONSchemaValidator(root: schema)
    if testCase.schema != "false" {
      let accepted = validator.validate(try Self.json(testCase.valid), against: schema)
      #expect(accepted.isEmpty, "\(accepted)")
    }
    let rejected = validator.validate(try Self.json(testCase.invalid), against: schema)
    #expect(rejected.map(\.keyword) == [testCase.keyword], "\(rejected)")
  }

  @Test func trueAndEmptySchemasAcceptEverything() throws {
    let validator = JSONSchemaValidator(root: true)
    for instance in [#"null"#, "1", "1.5", #""a""#, "[1, [2]]", #"{"a": {}}"#] {
      #expect(validator.validate(try Self.json(instance), against: true).isEmpty)
      #expect(validator.validate(try Self.json(instance), against: [:]).isEmpty)
    }
  }

  @Test func unknownKeywordsAreIgnored() throws {
    let schema = try Self.json(
      #"""
      {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "T", "description": "D",
       "default": 1, "examples": [1], "x-beacon-note": {"type": "string"}, "$defs": {"a": false},
       "type": "integer"}
      """#
    )
    let validator = JSONSchemaValidator(root: schema)
    #expect(validator.validate(1, against: schema).isEmpty)
    #expect(validator.validate("1", against: schema).map(\.keyword) == ["type"])
  }

  @Test func violationsPointAtTheNestedInstanceLocation() throws {
    let schema = try Self.json(
      #"""
      {"type": "object", "properties": {
        "places": {"type": "array", "items": {"type": "object", "properties": {
          "rating": {"type": "object", "properties": {"stars": {"type": "number", "maximum": 5}}},
          "a/b~c": {"type": "string"}}}}}}
      """#
    )
    let instance = try Self.json(
      #"{"places": [{"rating": {"stars": 4}}, {"rating": {"stars": 6}, "a/b~c": 1}]}"#
    )
    let violations = JSONSchemaValidator(root: schema).validate(instance, against: schema)
    #expect(violations.map(\.path) == ["/places/1/a~1b~0c", "/places/1/rating/stars"])
    #expect(violations.map(\.keyword) == ["type", "maximum"])
    #expect(violations[1].description == "/places/1/rating/stars: maximum: 6 is not at most 5")
    let atRoot = JSONSchemaValidator(root: schema).validate([], against: schema)
    #expect(atRoot.map(\.path) == [""])
    #expect(atRoot.map(\.description) == ["(root): type: expected object, found array"])
  }

  @Test func violationsAreReportedTogetherInAStableOrder() throws {
    let schema = try Self.json(
      #"""
      {"type": "object", "required": ["id"], "additionalProperties": false,
       "properties": {"b": {"type": "string"}, "a": {"type": "string"}}}
      """#
    )
    let instance = try Self.json(#"{"z": 1, "b": 2, "a": 3}"#)
    let violations = JSONSchemaValidator(root: schema).validate(instance, against: schema)
    #expect(violations.map(\.path) == ["", "/a", "/b", "/z"])
    #expect(violations.map(\.keyword) == ["required", "type", "type", "additionalProperties"])
  }

  // MARK: - $ref

  @Test func refResolvesIntoComponentsSchemas() throws {
    let document = try Self.json(
      #"""
      {"components": {"schemas": {
        "Stars": {"type": "integer", "minimum": 1, "maximum": 5},
        "Review": {"type": "object", "required": ["stars"],
          "properties": {"stars": {"$ref": "#/components/schemas/Stars"}}}
      }}}
      """#
    )
    let validator = JSONSchemaValidator(root: document)
    let schema: JSONValue = ["type": "array", "items": ["$ref": "#/components/schemas/Review"]]
    #expect(validator.validate(try Self.json(#"[{"stars": 1}, {"stars": 5}]"#), against: schema).isEmpty)
    let violations = validator.validate(try Self.json(#"[{"stars": 1}, {"stars": 0}, {}]"#), against: schema)
    #expect(violations.map(\.path) == ["/1/stars", "/2"])
    #expect(violations.map(\.keyword) == ["minimum", "required"])
  }

  @Test func refResolvesEscapedPointersAndArrayIndices() throws {
    let document = try Self.json(
      #"""
      {"defs": {"a/b": {"c~d": {"type": "string"}}, "100%": {"const": 1},
       "list": [{"type": "null"}, {"type": "boolean"}]}}
      """#
    )
    let validator = JSONSchemaValidator(root: document)
    let escaped: JSONValue = ["$ref": "#/defs/a~1b/c~0d"]
    #expect(validator.validate("x", against: escaped).isEmpty)
    #expect(validator.validate(1, against: escaped).map(\.keyword) == ["type"])
    let percent: JSONValue = ["$ref": "#/defs/100%25"]
    #expect(validator.validate(1, against: percent).isEmpty)
    #expect(validator.validate(2, against: percent).map(\.keyword) == ["const"])
    let index: JSONValue = ["$ref": "#/defs/list/1"]
    #expect(validator.validate(true, against: index).isEmpty)
    #expect(validator.validate(nil, against: index).map(\.keyword) == ["type"])
  }

  @Test(arguments: [
    "#/components/schemas/Missing", "#/defs/list/2", "#/defs/list/01", "#/defs/list/-", "#defs", "other.json#/defs",
    "https://example.com/schema", "#/defs/leaf/deeper",
  ])
  func anUnresolvableRefIsAViolation(_ reference: String) throws {
    let document = try Self.json(#"{"defs": {"list": [true, true], "leaf": 1}}"#)
    let violations = JSONSchemaValidator(root: document).validate(1, against: ["$ref": .string(reference)])
    #expect(violations.count == 1)
    #expect(violations.first?.keyword == "$ref")
    #expect(violations.first?.message.contains(reference) == true)
  }

  @Test func refIsEvaluatedAlongsideItsSiblings() throws {
    let document = try Self.json(#"{"defs": {"named": {"type": "object", "required": ["name"]}}}"#)
    let validator = JSONSchemaValidator(root: document)
    let schema = try Self.json(##"{"$ref": "#/defs/named", "required": ["id"]}"##)
    #expect(validator.validate(try Self.json(#"{"id": 1, "name": "x"}"#), against: schema).isEmpty)
    let violations = validator.validate(try Self.json(#"{"id": 1}"#), against: schema)
    #expect(violations.map(\.keyword) == ["required"])
    #expect(violations.first?.message.contains("name") == true)
    #expect(validator.validate(try Self.json("{}"), against: schema).count == 2)
  }

  @Test(arguments: ["#", "#/defs/a", "#/defs/self"])
  func aRefCycleTerminatesWithAViolation(_ reference: String) throws {
    let document = try Self.json(
      #"""
      {"$ref": "#", "defs": {"a": {"$ref": "#/defs/b"}, "b": {"allOf": [{"$ref": "#/defs/a"}]},
       "self": {"$ref": "#/defs/self"}}}
      """#
    )
    let violations = JSONSchemaValidator(root: document).validate(1, against: ["$ref": .string(reference)])
    #expect(violations.count == 1)
    #expect(violations.first?.keyword == "$ref")
    #expect(violations.first?.message.contains("cycle") == true)
  }

  @Test func recursiveSchemasFollowTheInstance() throws {
    let document = try Self.json(
      #"""
      {"defs": {"tree": {"type": "object", "required": ["value"], "additionalProperties": false,
        "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/defs/tree"}}}}}}
      """#
    )
    let validator = JSONSchemaValidator(root: document)
    let schema: JSONValue = ["$ref": "#/defs/tree"]
    var tree: JSONValue = ["value": 0]
    for depth in 1...100 {
      tree = ["value": .int(depth), "children": [tree, ["value": 0]]]
    }
    #expect(validator.validate(tree, against: schema).isEmpty)
    let broken = try Self.json(#"{"value": 1, "children": [{"value": 2, "children": [{"value": "3"}]}]}"#)
    let violations = validator.validate(broken, against: schema)
    #expect(violations.map(\.path) == ["/children/0/children/0/value"])
  }

  @Test func anOverlyDeepReferenceChainIsAViolation() throws {
    var definitions: [String: JSONValue] = [:]
    let length = JSONSchemaValidator.maximumReferenceDepth + 10
    for index in 0..<length {
      definitions["s\(index)"] = index == length - 1 ? true : ["$ref": .string("#/defs/s\(index + 1)")]
    }
    let validator = JSONSchemaValidator(root: ["defs": .object(definitions)])
    let violations = validator.validate(1, against: ["$ref": "#/defs/s0"])
    #expect(violations.map(\.keyword) == ["$ref"])
    #expect(violations.first?.message.contains("nested references") == true)
    #expect(validator.validate(1, against: ["$ref": "#/defs/s20"]).isEmpty)
  }

  // MARK: - Combinators

  @Test(arguments: [("1.5", 0), (#""a""#, 1), ("2", 2)])
  func oneOfNeedsExactlyOneMatch(instance: String, matches: Int) throws {
    let schema = try Self.json(
      #"{"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "number", "minimum": 2}]}"#
    )
    let violations = JSONSchemaValidator(root: schema).validate(try Self.json(instance), against: schema)
    if matches == 1 {
      #expect(violations.isEmpty, "\(violations)")
    } else {
      #expect(violations.map(\.keyword) == ["oneOf"])
      let expected = matches == 0 ? "matches none" : "matches 2 alternatives (1, 2)"
      #expect(violations.first?.message.contains(expected) == true, "\(violations)")
    }
  }

  @Test func anyOfAndAllOfCombine() throws {
    let schema = try Self.json(
      #"{"allOf": [{"anyOf": [{"type": "string", "minLength": 3}, {"type": "null"}]}, {"not": {"const": "xxx"}}]}"#
    )
    let validator = JSONSchemaValidator(root: schema)
    #expect(validator.validate("abc", against: schema).isEmpty)
    #expect(validator.validate(nil, against: schema).isEmpty)
    #expect(validator.validate("ab", against: schema).map(\.keyword) == ["anyOf"])
    #expect(validator.validate("xxx", against: schema).map(\.keyword) == ["not"])
  }

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

  // MARK: - Helpers

  /// Parses JSON text.
  static func json(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }
}
