import BeaconTestSupport
import JSONRPC
import Testing

@testable import BeaconServer

/// The examples Schemas/openrpc.json gives the upstream features' methods (`crypto/*`, `fruits/*` and `fruitlog/*`,
/// `users/*`) conform to the result schemas beside them.
@Suite struct ContractExampleTests {
  @Test(arguments: ["crypto/", "fruit", "users/"])
  func theContractsExamplesConformToTheirOwnSchemas(prefix: String) throws {
    let document = try OpenRPCContractTests.document()
    let validator = JSONSchemaValidator(root: document)
    for (name, method) in OpenRPCContractTests.methods(document) where name.hasPrefix(prefix) {
      let schema = try #require(method["result"]?["schema"])
      for example in method["examples"]?.arrayValue ?? [] {
        let value = try #require(example["result"]?["value"], "\(name)")
        let violations = validator.validate(value, against: schema)
        #expect(violations.isEmpty, "\(name) example: \(violations.prefix(3))")
      }
    }
  }
}
