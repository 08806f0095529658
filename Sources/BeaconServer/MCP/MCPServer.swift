import BeaconCore
import BeaconSync
import Foundation
import JSONRPC

/// Beacon as a Model Context Protocol server (`beacon mcp`): every Beacon capability as an MCP tool.
///
/// The MCP session runs on its own ``Dispatcher`` with ``Dispatcher/Conventions/modelContextProtocol``;
/// each tool call goes to the same handlers as `beacon serve` through an ``InProcessClient``, so there is
/// no second implementation of any method. Tool results carry the method's JSON as `structuredContent` and
/// the text the command line would print; failures of a call (bad arguments, upstream errors, no key) are
/// results with `isError: true` and the localized message, so that a model can correct itself.
package final class MCPServer: Sendable {
  /// The MCP versions Beacon speaks, newest first; a client asking for another gets the newest.
  package static let supportedProtocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

  /// Versions whose tool results have `structuredContent` (older clients get the JSON as text too).
  static let structuredContentVersions: Set<String> = ["2025-11-25", "2025-06-18"]
  /// The versions that dropped JSON-RPC batches (2025-03-26 had them).
  static let batchlessVersions: Set<String> = ["2025-11-25", "2025-06-18"]

  /// The version a session speaks when the client asks for `requested`: it, or the newest when Beacon lacks it.
  static func agreedVersion(_ requested: String?) -> String {
    guard let requested, supportedProtocolVersions.contains(requested) else { return supportedProtocolVersions[0] }
    return requested
  }

  /// Why a batch is refused in a session of `version`, or `nil` when the version has batches.
  static func batchRefusal(in version: String) -> String? {
    batchlessVersions.contains(version) ? "MCP \(version) has no batches" : nil
  }

  /// What an agent is told Beacon is for, in `initialize`: the places part always, a sentence for each of the
  /// other tool sets the session serves.
  static func instructions(for toolSets: Set<MCPToolSet>) -> String {
    var text = """
      Beacon finds restaurants, cafés and hotels near a point (through Geoapify, or offline from a local store \
      with demo data around Helsinki railway station), shows a place's details (opening hours, phone, website, \
      map links), and keeps the user's own star ratings, favourite places ("Mine steder") and settings on this \
      machine. Start with places_search: every argument is optional and defaults come from the user's stored \
      settings. Pass a result's `id` to places_details, rating_add or favorites_add. Distances are in metres, \
      coordinates in WGS 84 degrees. Messages are in the user's language (Norwegian Bokmål by default).
      """
    var names: [Feature.Name] = []
    for name in MethodDescriptor.all.map(\.feature) where !names.contains(name) { names.append(name) }
    let features = names.compactMap(Feature.named)
    let served = features.filter { $0.toolSet.map(toolSets.contains) ?? false }.compactMap(\.agentSummary)
    if !served.isEmpty { text += " Beacon also serves " + served.joined(separator: "; ") + "." }
    return text
  }

  /// The dispatcher carrying the MCP methods.
  package let dispatcher: Dispatcher
  /// The Beacon session behind the tools.
  let client: InProcessClient
  let session: Session
  let options: ServerOptions
  private let pageSize: Int
  /// The tools of the chosen tool sets, in catalogue order.
  let tools: [MCPTool]
  /// The tool sets served.
  let toolSets: Set<MCPToolSet>

  /// What the MCP session remembers.
  final class Session: Sendable {
    struct Values {
      var protocolVersion: String?
      /// The resources the client subscribed to (`resources/subscribe`).
      var subscriptions: Set<String> = []
      var logLevel: MCPLogLevel = .warning
      var tools: (language: Language, definitions: [JSONValue])?
    }

    let values = Locked(Values())
  }

  /// Tells the dispatcher the client has seen the `initialize` result; nothing waits for it.
  private struct InitializedNotification: NotificationType {
    static let method = "notifications/initialized"
  }

  /// Creates a server.
  ///
  /// - Parameters:
  ///   - options: Flags, environment and test switches, as for `beacon serve`.
  ///   - logger: Where diagnostics go (stderr).
  ///   - toolSets: The tool sets served; the tools of the others are neither listed nor callable.
  ///   - pageSize: The most tools one `tools/list` page holds.
  ///   - send: Writes one outgoing message body.
  package init(
    options: ServerOptions,
    logger: Logger = Logger(),
    toolSets: Set<MCPToolSet> = MCPToolSet.defaultSets,
    pageSize: Int = 100,
    send: @escaping @Sendable ([UInt8]) -> Void,
    sendInPlace: Dispatcher.SendInPlace? = nil
  ) {
    let session = Session()
    let dispatcher = Dispatcher(
      configuration: .init(
        conventions: .modelContextProtocol,
        requestsAllowedBeforeInitialize: [PingRequest.method],
        maxJSONDepth: options.maxJSONDepth,
        maxBatchLength: options.maxBatchLength,
        maxInFlight: options.maxInFlight
      ),
      send: send,
      sendInPlace: sendInPlace,
      log: { logger.warning($0) }
    )
    var agentOptions = options
    agentOptions.searchStoresCenter = false
    client = InProcessClient(options: agentOptions, logger: logger) { method, params in
      // Warnings of the session (e.g. an unrecognized locale) reach the client as MCP log messages.
      guard method == "window/logMessage", let message = params?["message"]?.stringValue else { return }
      let level = MCPLogLevel(logMessageType: params?["type"]?.intValue ?? 4)
      guard level >= session.values.withLock({ $0.logLevel }) else { return }
      let params: JSONValue = ["level": .string(level.rawValue), "logger": "beacon", "data": .string(message)]
      dispatcher.notify("notifications/message", params: params)
    }
    self.dispatcher = dispatcher
    self.session = session
    self.options = options
    self.pageSize = max(1, pageSize)
    self.toolSets = toolSets
    tools = MCPToolCatalogue.tools.filter { tool in
      let served = MCPToolSet.of(tool: tool.name).map(toolSets.contains) ?? false
      return served && (tool.isInDefaultList || toolSets != MCPToolSet.defaultSets)
    }
    dispatcher.setErrorPresenter { [weak client] error in
      BeaconServer.localized(error, in: client?.beaconServer?.language ?? options.initialLanguage)
    }
    registerMethods()
  }

  /// The language the session speaks now.
  package var language: Language { client.beaconServer?.language ?? options.initialLanguage }

  /// Ends the Beacon session behind the tools (closing the store); called when the input has ended.
  package func close() async {
    _ = await client.call(Dispatcher.shutdownMethod)
  }

  private func registerMethods() {
    dispatcher.refusesBatches { params in
      Self.batchRefusal(in: Self.agreedVersion(params?["protocolVersion"]?.stringValue))
    }
    dispatcher.register(MCPInitializeRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await self.initialize(request)
    }
    dispatcher.register(InitializedNotification.self) { _ in }
    dispatcher.registerImmediate(PingRequest.self) { _ in EmptyResult() }
    dispatcher.register(SetLogLevelRequest.self) { [session] request, _ in
      session.values.withLock { $0.logLevel = request.level }
      return EmptyResult()
    }
    dispatcher.register(ListToolsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try self.listTools(request)
    }
    dispatcher.register(CallToolRequest.self) { [weak self] request, context in
      guard let self else { throw ResponseError.internalError }
      return try await self.callTool(request, context: context)
    }
    registerResourceMethods()
    registerPromptMethods()
  }

  // MARK: - initialize

  private func initialize(_ request: MCPInitializeRequest) async throws(ResponseError) -> MCPInitializeResult {
    var clientInfo: [String: JSONValue] = ["name": .string(request.clientInfo?.name ?? "mcp-client")]
    if let version = request.clientInfo?.version { clientInfo["version"] = .string(version) }
    if case .failure(let error) = await client.call(
      InitializeRequest.method,
      params: ["clientInfo": .object(clientInfo)]
    ) {
      throw error
    }
    let version = Self.agreedVersion(request.protocolVersion)
    session.values.withLock { $0.protocolVersion = version }
    return MCPInitializeResult(
      protocolVersion: version,
      capabilities: [
        "tools": ["listChanged": false], "resources": ["subscribe": true, "listChanged": false],
        "prompts": ["listChanged": false], "logging": [:],
      ],
      serverInfo: .init(name: "beacon", title: "Beacon", version: BeaconVersion.current),
      instructions: Self.instructions(for: toolSets)
    )
  }

  // MARK: - tools/list

  /// `-32602` for a `cursor` Beacon did not give, as MCP's pagination asks.
  func invalidCursor() -> ResponseError {
    ResponseError(
      code: .invalidParams,
      message: MCPText.invalidCursor.text(in: language),
      kind: .invalidParams,
      details: ["field": "cursor"]
    )
  }

  /// Refuses any `cursor` for a list that is always one page (Beacon never gives a cursor for it).
  func expectNoCursor(_ cursor: String?) throws(ResponseError) {
    if cursor != nil { throw invalidCursor() }
  }

  private func listTools(_ request: ListToolsRequest) throws(ResponseError) -> ListToolsRequest.Response {
    let tools = try toolDefinitions()
    var start = 0
    if let cursor = request.cursor {
      guard let offset = Self.offset(fromCursor: cursor), offset > 0, offset < tools.count else {
        throw invalidCursor()
      }
      start = offset
    }
    let end = min(start + pageSize, tools.count)
    return .init(tools: Array(tools[start..<end]), nextCursor: end < tools.count ? Self.cursor(forOffset: end) : nil)
  }

  /// Every tool definition, titled in the session's language (made once per language).
  private func toolDefinitions() throws(ResponseError) -> [JSONValue] {
    let language = language
    if let cached = session.values.withLock({ $0.tools }), cached.language == language { return cached.definitions }
    let document = try DiscoverRequest.document()
    var definitions: [JSONValue] = []
    var owners: [String: String] = [:]
    for tool in tools {
      definitions.append(try MCPToolSchemas.definition(of: tool, in: document, language: language, owners: &owners))
    }
    session.values.withLock { $0.tools = (language, definitions) }
    return definitions
  }

  /// An opaque cursor for the page that starts at `offset`.
  static func cursor(forOffset offset: Int) -> String {
    Data("tools:\(offset)".utf8).base64EncodedString()
  }

  /// The offset a cursor stands for, or `nil` when it is not one of ours.
  static func offset(fromCursor cursor: String) -> Int? {
    guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
      text.hasPrefix("tools:")
    else { return nil }
    return Int(text.dropFirst("tools:".count))
  }

  // MARK: - tools/call

  private func callTool(_ request: CallToolRequest, context: RequestContext) async throws -> JSONValue {
    guard let tool = tools.first(where: { $0.name == request.name }) else {
      if MCPToolCatalogue.tool(named: request.name) != nil, let set = MCPToolSet.of(tool: request.name) {
        throw ResponseError(
          code: .invalidParams,
          message: MCPText.toolSetOff(tool: request.name, set: set.rawValue).text(in: language),
          kind: .unknownTool,
          details: ["tool": .string(request.name), "toolSet": .string(set.rawValue)]
        )
      }
      throw ResponseError(
        code: .invalidParams,
        message: MCPText.unknownTool(request.name).text(in: language),
        kind: .unknownTool,
        details: ["tool": .string(MCPText.shortened(request.name))]
      )
    }
    var arguments = request.arguments ?? [:]
    let definition = try toolDefinitions().first { $0["name"]?.stringValue == tool.name } ?? [:]
    let known = MCPToolSchemas.argumentNames(of: definition)
    if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
      return Self.errorResult(MCPText.unknownArgument(unknown, tool: tool.name, known: known).text(in: language))
    }
    var detail = MCPDetailLevel.brief
    if tool.hasDetailLevels, let value = arguments.removeValue(forKey: MCPDetailLevel.argument) {
      guard let level = value.stringValue.flatMap(MCPDetailLevel.init(rawValue:)) else {
        return Self.errorResult(MCPText.invalidDetail.text(in: language))
      }
      detail = level
    }
    let shown = arguments
    var groups: Set<MCPPlaceFields>?
    if tool.hasFieldGroups, let value = arguments.removeValue(forKey: MCPPlaceFields.argument) {
      guard let chosen = MCPPlaceFields.groups(from: value) else {
        return Self.errorResult(MCPText.invalidFields.text(in: language))
      }
      groups = chosen
    }
    let relay = request._meta?.progressToken.map { MCPProgressRelay(token: $0, context: context) }
    let outcome = await client.call(tool.method, params: .object(arguments), onProgress: relay?.forward)
    switch outcome {
    case .success(let result):
      relay?.complete()
      if let advice = tool.nothingFound?(result, .object(arguments)) {
        // The text says where Beacon looked; the advice what to change.
        let output = HumanOutput(language: language, audience: .agent, now: options.now())
        var lines = (tool.render(result, .object(arguments), output) ?? []).filter { !$0.isEmpty }
        // Before the data's credit line, which ends the text.
        let end = lines.last?.hasPrefix("©") == true ? lines.count - 1 : lines.count
        lines.insert(advice.text(in: language), at: end)
        return Self.errorResult(lines.joined(separator: "\n"))
      }
      notifyUpdated(MCPResources.changed(byTool: tool.name, arguments: .object(arguments)))
      var structured = tool.hasDetailLevels && detail == .brief ? MCPDetailLevel.brief(result) : result
      if let groups { structured = MCPPlaceFields.cut(structured, to: groups) }
      return toolResult(result, structured: structured, of: tool, arguments: .object(shown))
    case .failure(let error):
      // Cancelled by the client: the dispatcher sends no answer at all.
      if Task.isCancelled { throw CancellationError() }
      return Self.errorResult(error.message)
    }
  }

  /// A successful call: the text made from the method's `result`, and `structured` (the result, or its brief
  /// form) as `structuredContent`.
  private func toolResult(
    _ result: JSONValue,
    structured: JSONValue,
    of tool: MCPTool,
    arguments: JSONValue
  )
    -> JSONValue
  {
    let output = HumanOutput(language: language, audience: .agent, now: options.now())
    let json = JSONWriter.serialize(structured)
    let text = tool.render(result, arguments, output)?.joined(separator: "\n") ?? String(decoding: json, as: UTF8.self)
    var content: [JSONValue] = [["type": "text", "text": .string(text)]]
    var answer: [String: JSONValue] = ["isError": false]
    let version = session.values.withLock { $0.protocolVersion } ?? Self.supportedProtocolVersions[0]
    if Self.structuredContentVersions.contains(version) {
      answer["structuredContent"] = structured
    } else {
      content.append(["type": "text", "text": .string(String(decoding: json, as: UTF8.self))])
    }
    answer["content"] = .array(content)
    return .object(answer)
  }

  /// A failed call as a result the model reads: `isError: true` and the localized message.
  static func errorResult(_ message: String) -> JSONValue {
    ["content": [["type": "text", "text": .string(message)]], "isError": true]
  }
}
