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

  // MARK: - Helpers

  /// Parses JSON text.
  static func json(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }
}
