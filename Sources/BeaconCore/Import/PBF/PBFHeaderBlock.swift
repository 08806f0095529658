/// The `HeaderBlock` of an OSM PBF file (its `OSMHeader` blob): what a reader must support to read the file.
struct PBFHeaderBlock: Equatable {
  /// The features this reader supports (any other required one is refused by name).
  static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

  /// `required_features`.
  var requiredFeatures: [String] = []
  /// `optional_features` (e.g. `Sort.Type_then_ID`, `LocationsOnWays`): never needed to read the file.
  var optionalFeatures: [String] = []
  /// `writingprogram`.
  var writingProgram: String?

  /// Decodes a `HeaderBlock`.
  init(_ bytes: [UInt8]) throws(ProtobufReader.Malformed) {
    var reader = ProtobufReader(bytes)
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (4, .lengthDelimited): requiredFeatures.append(try reader.string())
      case (5, .lengthDelimited): optionalFeatures.append(try reader.string())
      case (16, .lengthDelimited): writingProgram = try reader.string()
      default: try reader.skip(field.type)
      }
    }
  }

  /// The required features this reader cannot read, in the file's order (none when it can read the file).
  var unsupportedFeatures: [String] {
    requiredFeatures.filter { !Self.supportedFeatures.contains($0) }
  }
}
