import BeaconCore
import JSONRPC

/// One MCP tool: a name an agent calls, the JSON-RPC method that does the work (the same handler as
/// `beacon serve`), and what a model needs to use it well.
struct MCPTool: Sendable {
  /// Hints about a tool's effects (MCP `ToolAnnotations`); clients must treat them as hints only.
  struct Annotations: Sendable {
    /// Changes nothing the user keeps.
    var readOnly: Bool
    /// May remove or overwrite what the user kept (meaningful only when not read-only).
    var destructive = false
    /// Calling it again with the same arguments changes nothing more.
    var idempotent = false
    /// Reaches beyond this machine (Geoapify).
    var openWorld = false

    var jsonValue: JSONValue {
      [
        "readOnlyHint": .bool(readOnly),
        "destructiveHint": .bool(destructive),
        "idempotentHint": .bool(idempotent),
        "openWorldHint": .bool(openWorld),
      ]
    }
  }

  /// A title in Bokmål, Nynorsk and English.
  struct Title: Sendable {
    var nb: String
    var nn: String
    var en: String

    func text(in language: Language) -> String { language.choose((nb, nn, en)) }
  }

  /// The tool's name: letters, digits and `_`.
  let name: String
  /// The JSON-RPC method behind it.
  let method: String
  /// The name people see in a client.
  let title: Title
  /// What the tool does, written for a model deciding whether and how to call it.
  let description: String
  let annotations: Annotations
  /// Descriptions of arguments written for a model, in place of the contract's (by argument name); an empty
  /// one leaves the argument undescribed, where its name, type and bounds say it all.
  let argumentDescriptions: [String: String]
  /// The method's params that make no sense to an agent (progress tokens, editor debouncing).
  let hiddenParams: Set<String>
  /// How a call is ordered against others: as the method is, unless told (``ordered(_:)``).
  private(set) var ordering: @Sendable (JSONValue?) -> RequestOrdering
  /// Arguments spelled out in another tool's input schema (`owner`), which this tool's description names: when
  /// that tool is listed before, only this tool's own description of them (``sharingArguments(_:with:)``).
  var sharedArguments: (owner: String, names: Set<String>)?
  /// Whether the tool takes `detail` (``MCPDetailLevel``) and cuts its `places` to brief ones by default.
  var hasDetailLevels = false
  /// Whether the tool takes `fields` (``MCPPlaceFields``) and returns only those groups of the place.
  var hasFieldGroups = false
  /// Whether the default list (``MCPToolSet/defaultSets``, held to its byte budget) has the tool; one that it has
  /// not is listed when the sets are chosen otherwise (`--toolsets ratings`, `all`).
  var isInDefaultList = true
  /// For a result that found nothing, what the model could change; such a call is a tool error, so that the
  /// model tries again rather than telling the user there is nothing.
  var nothingFound: (@Sendable (_ result: JSONValue, _ arguments: JSONValue) -> MCPText?)?
  /// The result as text lines for models that read text; `nil` when the result cannot be read.
  let render: @Sendable (_ result: JSONValue, _ arguments: JSONValue, _ output: HumanOutput) -> [String]?

  /// A tool for requests of type `R`, whose results `render` turns into text.
  init<R: RequestType>(
    _ type: R.Type,
    name: String,
    title: Title,
    description: String,
    annotations: Annotations,
    arguments argumentDescriptions: [String: String] = [:],
    hiddenParams: Set<String> = ["workDoneToken", "debounceMs"],
    render: @escaping @Sendable (R.Response, _ arguments: JSONValue, HumanOutput) -> [String]
  ) where R.Response: Decodable {
    self.name = name
    method = R.method
    self.title = title
    self.description = description
    self.annotations = annotations
    self.argumentDescriptions = argumentDescriptions
    self.hiddenParams = hiddenParams
    ordering = { R.ordering(for: $0) }
    self.render = { result, arguments, output in
      guard let decoded = try? JSONValueDecoder().decode(R.Response.self, from: result) else { return nil }
      return render(decoded, arguments, output)
    }
  }

  /// This tool, with `check` saying when a result found nothing and what could change that.
  func reportingNothingFound(
    _ check: @escaping @Sendable (_ result: JSONValue, _ arguments: JSONValue) -> MCPText?
  ) -> MCPTool {
    var tool = self
    tool.nothingFound = check
    return tool
  }

  /// This tool, with the arguments `names` as in the tool `owner` (this tool's description must say so).
  func sharingArguments(_ names: Set<String>, with owner: String) -> MCPTool {
    var tool = self
    tool.sharedArguments = (owner, names)
    return tool
  }

  /// This tool, taking `fields` (``MCPPlaceFields``).
  func withFieldGroups() -> MCPTool {
    var tool = self
    tool.hasFieldGroups = true
    return tool
  }

  /// This tool, left out of the default list (``isInDefaultList``).
  func outsideTheDefaultList() -> MCPTool {
    var tool = self
    tool.isInDefaultList = false
    return tool
  }

  /// This tool, its calls ordered `ordering` whatever their arguments (an agent's search stores no centre, so it
  /// need not wait for others as the method's searches with a `center` do).
  func ordered(_ ordering: RequestOrdering) -> MCPTool {
    var tool = self
    tool.ordering = { _ in ordering }
    return tool
  }

  /// This tool, taking `detail: "brief" | "full"` (``MCPDetailLevel``).
  func withDetailLevels() -> MCPTool {
    var tool = self
    tool.hasDetailLevels = true
    return tool
  }
}
