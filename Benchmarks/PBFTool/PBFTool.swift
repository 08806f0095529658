import BeaconCore
import Foundation

/// The import benchmarks' helper (Benchmarks/bench.py runs it; not installed):
///
///     beacon-pbf-tool generate SOURCE.osm.pbf MEGABYTES OUTPUT.osm.pbf
///         a file of at least MEGABYTES MB made of copies of SOURCE (see ``PBFReplicator``)
///     beacon-pbf-tool ways NODES OUTPUT.osm.pbf
///         a sorted file of NODES nodes and NODES / 4 ways, a third of its wanted objects ways (see ``WaysFile``)
///     beacon-pbf-tool ways-among NODES OUTPUT.osm.pbf
///         the same, the ways after the first half of the nodes (a file that is not sorted)
///     beacon-pbf-tool decode FILE.osm.pbf
///         Beacon's PBF decoder alone (no store): prints the wanted objects it found as JSON
@main
enum PBFTool {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      switch arguments.first {
      case "generate" where arguments.count == 4:
        guard let megabytes = Int(arguments[2]) else { throw ToolError("MEGABYTES is not a number") }
        let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[1])))
        let copies = PBFReplicator.copies(forMegabytes: megabytes, sourceSize: source.count)
        try PBFReplicator(source: source).write(copies: copies, to: arguments[3])
        print(#"{"copies":\#(copies)}"#)
      case "ways" where arguments.count == 3, "ways-among" where arguments.count == 3:
        guard let nodes = Int(arguments[1]), nodes > 0 else { throw ToolError("NODES is not a positive number") }
        try WaysFile(nodes: nodes, waysAmongNodes: arguments[0] == "ways-among").write(to: arguments[2])
        print(#"{"nodes":\#(nodes),"ways":\#(nodes / 4)}"#)
      case "decode" where arguments.count == 2:
        let counts = try PBFDecoding.count(try ImportInput.file(path: arguments[1]))
        print(
          #"{"nodes":\#(counts.nodes),"ways":\#(counts.ways),"relations":\#(counts.relations),"#
            + #""located":\#(counts.located)}"#
        )
      default:
        throw ToolError(
          "usage: beacon-pbf-tool generate SOURCE MEGABYTES OUTPUT | ways[-among] NODES OUTPUT | decode FILE"
        )
      }
    } catch {
      FileHandle.standardError.write(Data("beacon-pbf-tool: \(error)\n".utf8))
      exit(1)
    }
  }
}
