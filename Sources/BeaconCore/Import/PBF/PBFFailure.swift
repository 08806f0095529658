/// A fault in an OSM PBF file: what is wrong, and the byte offset in the file where the block it is in starts
/// (or where the fault is, for the file's framing).
struct PBFFailure: Error, Equatable {
  let problem: ImportProblem
  let offset: Int
  /// The error of the code the reader handed an object to, which stops the reading (and is thrown as it is).
  var handedOn: BeaconError? = nil
}

extension PBFFailure {
  /// A temporary file of the reading failed: no fault of any byte in the file.
  init(_ error: TemporaryFileError) {
    self.init(problem: .temporaryFile(directory: error.directory), offset: 0)
  }

  /// The import's error for this fault in the file named `file`: the object's error when one was handed on, else the
  /// problem and where it is in the file.
  func beaconError(file: String) -> BeaconError {
    if let handedOn { return handedOn }
    // Not being able to read the input again, or a temporary file, is no fault of any byte in it.
    let position: ImportPosition?
    switch problem {
    case .pbfNeedsFile, .temporaryFile: position = nil
    default: position = .byteOffset(offset)
    }
    return .importFailed(file: file, position: position, reason: problem)
  }
}
