import BeaconCore
import Foundation
import JSONRPC

/// Prompts: `prompts/list` and `prompts/get` (``MCPPrompt``).
extension MCPServer {
  func registerPromptMethods() {
    dispatcher.register(ListPromptsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      try self.expectNoCursor(request.cursor)
      let language = self.language
      return ["prompts": .array(MCPPrompt.all.map { $0.definition(in: language) })]
    }
    dispatcher.register(GetPromptRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try self.prompt(request)
    }
  }

  /// The messages of the prompt `request` names, or `-32602` for an unknown prompt or bad arguments.
  private func prompt(_ request: GetPromptRequest) throws(ResponseError) -> JSONValue {
    let language = language
    func invalid(_ text: MCPText, field: String) -> ResponseError {
      invalidMessage(text.text(in: language), field: field)
    }
    func invalidMessage(_ message: String, field: String) -> ResponseError {
      ResponseError(code: .invalidParams, message: message, kind: .invalidParams, details: ["field": .string(field)])
    }
    guard let prompt = MCPPrompt.all.first(where: { $0.name == request.name }) else {
      throw invalid(.unknownPrompt(MCPText.shortened(request.name)), field: "name")
    }
    let names = prompt.arguments.map(\.name)
    var values: [String: String] = [:]
    for (name, value) in request.arguments ?? [:] {
      guard names.contains(name) else {
        throw invalid(.promptArgument(MCPText.shortened(name), prompt: prompt.name, known: names), field: name)
      }
      guard let text = value.stringValue else {
        let wrongType = LocalizedMessage.parameterOfWrongType(field: name, expected: "string")
        throw invalidMessage(wrongType.text(in: language), field: name)
      }
      // One line, and short: the value goes into a message the model reads.
      let line = MCPText.shortened(HumanOutput.singleLine(text).trimmingCharacters(in: .whitespaces))
      if !line.isEmpty { values[name] = line }
    }
    if let missing = prompt.arguments.first(where: { $0.required && values[$0.name] == nil }) {
      throw invalid(.missingPromptArgument(missing.name, prompt: prompt.name), field: missing.name)
    }
    let text = language.choose(prompt.message(values))
    return [
      "description": .string(prompt.description),
      "messages": [["role": "user", "content": ["type": "text", "text": .string(text)]]],
    ]
  }
}
