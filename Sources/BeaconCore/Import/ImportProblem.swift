import BeaconJSON

/// Why a file could not be imported, said in the user's language; ``wireText`` is the stable English text of
/// `data.reason` on the wire.
package enum ImportProblem: Sendable, Equatable {
  /// The file could not be read.
  case unreadable
  /// No file at the path.
  case notFound
  /// A directory at the path.
  case isDirectory
  /// A file the user may not read.
  case permissionDenied
  /// A file compressed as a whole (gzip, bzip2, xz, zstd): decompressed first.
  case compressed(name: String)
  /// The input is empty (or only white space).
  case emptyInput
  /// An OSM XML (or other XML) file: osmium exports it first.
  case osmXML
  /// An OSM PBF file that ends in the middle of a block.
  case pbfTruncated
  /// A file that starts like an OSM PBF file (a NUL byte) but whose first block is not an `OSMHeader`.
  case pbfNoHeader
  /// A PBF `BlobHeader` larger than the format's 64 KiB.
  case pbfBlobHeaderTooLarge(bytes: Int)
  /// A PBF blob (compressed or not) larger than the format's 32 MiB.
  case pbfBlobTooLarge(bytes: Int)
  /// A PBF blob compressed with `name` (lzma, lz4, zstd, bzip2): Beacon reads zlib and uncompressed blobs.
  case pbfCompression(name: String)
  /// A PBF blob whose zlib stream is damaged or does not inflate to its stated size.
  case pbfCorruptZlib
  /// A PBF file that requires a feature Beacon cannot read (`HeaderBlock.required_features`).
  case pbfUnsupportedFeatures(names: [String])
  /// A PBF message (`message`: its name in the format, e.g. `PrimitiveBlock`) that is not valid protobuf.
  case pbfMalformed(message: String)
  /// A PBF file on the standard input (read in passes) could not be copied to a temporary file to be read again.
  case pbfNeedsFile
  /// A large import's sort could not make or write its temporary file in `directory` (nor in `/var/tmp` or `/tmp`).
  case temporaryFile(directory: String)
  /// Neither a GeoJSON FeatureCollection, GeoJSONSeq nor Overpass JSON.
  case unknownFormat
  /// A JSON document (FeatureCollection, Overpass JSON) larger than `limitMiB` MiB.
  case tooLarge(limitMiB: Int)
  /// A GeoJSONSeq record larger than `limitMiB` MiB.
  case recordTooLarge(limitMiB: Int)
  /// An Overpass answer that stopped with an error (its `remark`, Overpass's own words).
  case overpassIncomplete(remark: String)
  /// A member of `elements` that is not an Overpass element (an object).
  case notOverpassElement
  /// An Overpass `bounds` without `minlat`, `minlon`, `maxlat` and `maxlon`.
  case incompleteBounds
  /// An Overpass position without numeric `lat` and `lon`.
  case positionWithoutLatLon
  /// The file is not valid JSON.
  case invalidJSON(JSONParseError.Kind)
  /// The top level is not a GeoJSON FeatureCollection.
  case notFeatureCollection
  /// A member of `features` is not a GeoJSON Feature.
  case notFeature
  /// A geometry with no `type`.
  case geometryWithoutType
  /// A geometry of `type` with no `coordinates`.
  case withoutCoordinates(type: String)
  /// A MultiPolygon with no polygons.
  case multiPolygonWithoutPolygons
  /// A Polygon with no rings.
  case polygonWithoutRings
  /// A position that is not `[longitude, latitude]`.
  case invalidPosition
  /// A position outside the globe.
  case positionOutsideGlobe(longitude: Double, latitude: Double)
  /// An empty list of positions.
  case emptyPositions

  /// The sentence fragment in `language` (lower-case, to follow a colon).
  package func text(in language: Language) -> String { language.choose(texts) }

  /// The English text sent as `data.reason`.
  package var wireText: String {
    switch self {
    case .invalidJSON(let kind): JSONParseError(offset: 0, kind: kind).reason
    default: texts.2
    }
  }

  /// The (nb, nn, en) fragments.
  var texts: (String, String, String) {
    switch self {
    case .unreadable:
      ("filen kan ikke leses", "fila kan ikkje lesast", "cannot read the file")
    case .notFound:
      ("filen finnes ikke", "fila finst ikkje", "there is no such file")
    case .isDirectory:
      ("det er en mappe, ikke en fil", "det er ei mappe, ikkje ei fil", "it is a directory, not a file")
    case .permissionDenied:
      ("du har ikke lov til å lese filen", "du har ikkje lov til å lese fila", "you may not read the file")
    case .compressed(let name):
      (
        "filen er komprimert med \(name); pakk den ut først (Beacon leser .osm.pbf, GeoJSON og GeoJSONSeq)",
        "fila er komprimert med \(name); pakk ho ut først (Beacon les .osm.pbf, GeoJSON og GeoJSONSeq)",
        "the file is compressed with \(name); decompress it first (Beacon reads .osm.pbf, GeoJSON and GeoJSONSeq)"
      )
    case .emptyInput:
      ("det er ingenting å lese", "det er ingenting å lese", "the input is empty")
    case .osmXML:
      (
        "en OSM XML-fil (eller annen XML); eksporter den først: \(ImportMessage.exportCommand(in: .nb))",
        "ei OSM XML-fil (eller anna XML); eksporter ho først: \(ImportMessage.exportCommand(in: .nn))",
        "an OSM XML (or other XML) file; export it first: \(ImportMessage.exportCommand(in: .en))"
      )
    case .pbfTruncated:
      (
        "filen slutter midt i en PBF-blokk", "fila sluttar midt i ei PBF-blokk",
        "the file ends in the middle of a PBF block"
      )
    case .pbfNoHeader:
      (
        "ikke en OSM PBF-fil (den første blokken er ikke en OSMHeader)",
        "ikkje ei OSM PBF-fil (den første blokka er ikkje ein OSMHeader)",
        "not an OSM PBF file (the first block is not an OSMHeader)"
      )
    case .pbfBlobHeaderTooLarge(let bytes):
      (
        "et blokkhode på \(bytes) byte (grense: 64 KiB)", "eit blokkhovud på \(bytes) byte (grense: 64 KiB)",
        "a blob header of \(bytes) bytes (limit: 64 KiB)"
      )
    case .pbfBlobTooLarge(let bytes):
      (
        "en blokk på \(bytes) byte (formatets grense: 32 MiB)", "ei blokk på \(bytes) byte (grensa i formatet: 32 MiB)",
        "a blob of \(bytes) bytes (the format's limit: 32 MiB)"
      )
    case .pbfCompression(let name):
      (
        "blokken er komprimert med \(name), som Beacon ikke kan lese (bare zlib og ukomprimert); "
          + "skriv filen om med 'osmium cat FIL -o ny.osm.pbf'",
        "blokka er komprimert med \(name), som Beacon ikkje kan lese (berre zlib og ukomprimert); "
          + "skriv fila om med 'osmium cat FIL -o ny.osm.pbf'",
        "the blob is compressed with \(name), which Beacon cannot read (only zlib and uncompressed); "
          + "rewrite the file with 'osmium cat FILE -o new.osm.pbf'"
      )
    case .pbfCorruptZlib:
      ("en ødelagt zlib-strøm", "ein øydelagd zlib-straum", "a corrupt zlib stream")
    case .pbfUnsupportedFeatures(let names):
      {
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        return (
          "filen krever \(list), som Beacon ikke kan lese", "fila krev \(list), som Beacon ikkje kan lese",
          "the file requires \(list), which Beacon cannot read"
        )
      }()
    case .pbfMalformed(let message):
      ("ødelagte PBF-data i \(message)", "øydelagde PBF-data i \(message)", "damaged PBF data in \(message)")
    case .pbfNeedsFile:
      (
        "en PBF-fil leses i flere omganger, og standard inn kunne ikke kopieres til en midlertidig fil; "
          + "sett TMPDIR til en mappe med nok plass, eller oppgi en filsti",
        "ei PBF-fil blir lesen i fleire omgangar, og standard inn kunne ikkje kopierast til ei mellombels fil; "
          + "set TMPDIR til ei mappe med nok plass, eller gje opp ei filsti",
        "a PBF file is read in several passes, and the standard input could not be copied to a temporary file; "
          + "set TMPDIR to a directory with room, or give a file path"
      )
    case .temporaryFile(let directory):
      (
        "en stor import sorterer i en midlertidig fil, og det gikk ikke å lage eller skrive den i '\(directory)'; "
          + "sett TMPDIR til en mappe som finnes, er skrivbar og har nok plass",
        "ein stor import sorterer i ei mellombels fil, og det gjekk ikkje å lage eller skrive henne i '\(directory)'; "
          + "set TMPDIR til ei mappe som finst, er skrivbar og har nok plass",
        "a large import sorts in a temporary file, which could not be made or written in '\(directory)'; "
          + "set TMPDIR to a directory that exists, is writable and has room"
      )
    case .unknownFormat:
      (
        "verken GeoJSON (FeatureCollection eller GeoJSONSeq) eller Overpass JSON",
        "verken GeoJSON (FeatureCollection eller GeoJSONSeq) eller Overpass JSON",
        "not a GeoJSON FeatureCollection, GeoJSONSeq or Overpass JSON"
      )
    case .tooLarge(let limit):
      (
        "filen er for stor; lag et mindre utdrag eller eksporter som GeoJSONSeq (grense: \(limit) MiB)",
        "fila er for stor; lag eit mindre utdrag eller eksporter som GeoJSONSeq (grense: \(limit) MiB)",
        "the input is too large; cut the extract smaller or export it as GeoJSONSeq (limit: \(limit) MiB)"
      )
    case .recordTooLarge(let limit):
      (
        "objektet er for stort (grense: \(limit) MiB)", "objektet er for stort (grense: \(limit) MiB)",
        "the record is too large (limit: \(limit) MiB)"
      )
    case .overpassIncomplete(let remark):
      (
        "Overpass fullførte ikke spørringen: \(remark)", "Overpass fullførte ikkje spørjinga: \(remark)",
        "Overpass did not finish the query: \(remark)"
      )
    case .notOverpassElement:
      ("ikke et Overpass-element", "ikkje eit Overpass-element", "not an Overpass element")
    case .incompleteBounds:
      (
        "bounds uten minlat, minlon, maxlat og maxlon", "bounds utan minlat, minlon, maxlat og maxlon",
        "bounds without minlat, minlon, maxlat and maxlon"
      )
    case .positionWithoutLatLon:
      (
        "en posisjon uten tallene lat og lon", "ein posisjon utan tala lat og lon",
        "a position without numeric lat and lon"
      )
    case .invalidJSON(let kind):
      JSONSyntaxMessage(kind: kind, offset: nil).texts
    case .notFeatureCollection:
      ("ikke en GeoJSON FeatureCollection", "ikkje ein GeoJSON FeatureCollection", "not a GeoJSON FeatureCollection")
    case .notFeature:
      ("ikke en GeoJSON Feature", "ikkje ein GeoJSON Feature", "not a GeoJSON Feature")
    case .geometryWithoutType:
      ("en geometri uten type", "ein geometri utan type", "a feature without a geometry type")
    case .withoutCoordinates(let type):
      ("en \(type) uten koordinater", "ein \(type) utan koordinatar", "a \(type) without coordinates")
    case .multiPolygonWithoutPolygons:
      ("en MultiPolygon uten polygoner", "ein MultiPolygon utan polygon", "a MultiPolygon without polygons")
    case .polygonWithoutRings:
      ("en Polygon uten ringer", "ein Polygon utan ringar", "a Polygon without rings")
    case .invalidPosition:
      (
        "en posisjon som ikke er [lengdegrad, breddegrad]", "ein posisjon som ikkje er [lengdegrad, breiddegrad]",
        "a position that is not [longitude, latitude]"
      )
    case .positionOutsideGlobe(let lon, let lat):
      (
        "en posisjon utenfor jordkloden ([\(lon), \(lat)])", "ein posisjon utanfor jordkloten ([\(lon), \(lat)])",
        "a position outside the globe ([\(lon), \(lat)])"
      )
    case .emptyPositions:
      ("en tom liste med posisjoner", "ei tom liste med posisjonar", "an empty list of positions")
    }
  }
}

/// Where in a file an import failed, said in the user's language; ``wireText`` is the English `data.position`.
package enum ImportPosition: Sendable, Equatable {
  /// A line and column (1-based; columns count characters).
  case lineColumn(line: Int, column: Int)
  /// The `n`th feature (1-based).
  case feature(Int)
  /// The `n`th Overpass element (1-based).
  case element(Int)
  /// A byte offset (0-based) in a binary file: where the OSM PBF block at fault starts.
  case byteOffset(Int)

  /// The fragment in `language`.
  package func text(in language: Language) -> String { language.choose(texts) }

  /// The English text sent as `data.position`, e.g. `line 2, column 1`.
  package var wireText: String { texts.2 }

  var texts: (String, String, String) {
    switch self {
    case .lineColumn(let line, let column):
      ("linje \(line), kolonne \(column)", "linje \(line), kolonne \(column)", "line \(line), column \(column)")
    case .feature(let number):
      ("objekt \(number)", "objekt \(number)", "feature \(number)")
    case .element(let number):
      ("element \(number)", "element \(number)", "element \(number)")
    case .byteOffset(let offset):
      ("byte \(offset)", "byte \(offset)", "byte \(offset)")
    }
  }
}
