/// A fault in an OSM PBF file: what is wrong, and the byte offset in the file where the block it is in starts
/// (or where the fault is, for the file's framing).
struct PBFFailure: Error, Equatable {
  let problem: ImportProblem
  let offset: Int
  /// The error of the code the reader handed an object to, which stops the reading (and is thrown as it is).
  var handedOn: BeaconError? = nil
}
