import BeaconCore
import JSONRPC

extension BeaconServer {
  /// Registers `fruits/list`, `fruits/get`, `fruits/groups`, `fruits/byGroup` and `fruitlog/add`, `fruitlog/remove`,
  /// `fruitlog/days`.
  func registerFruitsMethods() {
    dispatcher.register(ListFruitsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withFruits { fruits throws(BeaconError) in
        try await fruits.list(refresh: request.refresh ?? false)
      }
    }
    dispatcher.register(GetFruitRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let language = language
      return try await withFruits { fruits throws(BeaconError) in
        try await fruits.fruit(id: request.id, language: language)
      }
    }
    dispatcher.register(FruitGroupsRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withFruits { fruits throws(BeaconError) in
        try await fruits.groups(refresh: request.refresh ?? false)
      }
    }
    dispatcher.register(FruitsByGroupRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withFruits { fruits throws(BeaconError) in
        try await fruits.fruits(in: request.kind, named: request.name, refresh: request.refresh ?? false)
      }
    }
    registerFruitLogMethods()
  }

  private func registerFruitLogMethods() {
    dispatcher.register(AddFruitLogRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let entry = try await withFruits { fruits throws(BeaconError) in
        let eatenAt = try request.eatenAt.map { (text) throws(BeaconError) in
          try FruitsService.instant(text, field: "eatenAt")
        }
        return try await fruits.logFruit(id: request.fruitId, eatenAt: eatenAt)
      }
      return FruitLogAddResult(entry: entry)
    }
    dispatcher.register(RemoveFruitLogRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      let removed = try await withFruits { fruits throws(BeaconError) in
        try await fruits.removeLogEntry(id: request.entryId)
      }
      return FruitLogRemoveResult(removed: removed)
    }
    dispatcher.register(FruitLogDaysRequest.self) { [weak self] request, _ in
      guard let self else { throw ResponseError.internalError }
      return try await withFruits { fruits throws(BeaconError) in
        let from = try request.from.map { (text) throws(BeaconError) in try FruitsService.day(text, field: "from") }
        let to = try request.to.map { (text) throws(BeaconError) in try FruitsService.day(text, field: "to") }
        let zone = try request.timeZone.map { (name) throws(BeaconError) in
          try FruitsService.zone(name, field: "timeZone")
        }
        return try await fruits.logDays(from: from, to: to, in: zone)
      }
    }
  }
}
