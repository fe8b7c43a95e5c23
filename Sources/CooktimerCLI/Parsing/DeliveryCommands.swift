/// `token …`, `send`, `deliveries`: the commands of push delivery (docs/delivery.md), parsed
/// apart from the rest so their options stay theirs.
public enum TokenCommand: Equatable, Sendable {
  /// `token add push-to-start HEX [--device NAME] [--sandbox]`
  case addPushToStart(token: String, device: String?, sandbox: Bool)
  /// `token add device HEX [--device NAME] [--sandbox]`: the app's ordinary device token,
  /// for the backup alert of a fire (docs/delivery.md §6).
  case addDevice(token: String, device: String?, sandbox: Bool)
  /// `token add activity RUN HEX [--activity N] [--device NAME] [--sandbox] [--app-started]`
  case addActivity(
    run: String, token: String, activity: Int?, device: String? = nil, sandbox: Bool,
    appStarted: Bool)
  case list
  /// `token remove HEX`
  case remove(token: String)
}

/// The options of `send` (docs/delivery.md §2): each also read from its environment
/// variable (`COOKTIMER_APNS_KEY`, …); the option wins.
public struct SendOptions: Equatable, Sendable {
  public var once = false
  public var keyFile: String?
  public var keyID: String?
  public var teamID: String?
  public var url: String?
  public var caFile: String?

  public init() {}
}

/// The options only delivery commands take; leftovers are usage errors.
struct DeliveryOptions: Equatable {
  var device: String?
  var sandbox = false
  var activity: Int?
  /// `--app-started`: the app started the activity itself (no push-to-start for it).
  var appStarted = false
  var send = SendOptions()

  /// Takes `name` (with its value from `value()`) when it is a delivery option.
  /// - Returns: `false` when `name` is not one.
  mutating func accept(_ name: String, _ value: () throws -> String) throws -> Bool {
    switch name {
    case "--device": device = try value()
    case "--sandbox": sandbox = true
    case "--app-started": appStarted = true
    case "--activity":
      let text = try value()
      guard let n = Int(text), n >= 1 else {
        throw CLIError.usage("--activity takes an activity number (1, 2, …), not \(text)")
      }
      activity = n
    case "--once": send.once = true
    case "--apns-key": send.keyFile = try value()
    case "--apns-key-id": send.keyID = try value()
    case "--apns-team-id": send.teamID = try value()
    case "--apns-url": send.url = try value()
    case "--apns-ca": send.caFile = try value()
    default: return false
    }
    return true
  }

  /// The options given, for "does not apply" errors.
  var given: [String] {
    var names: [String] = []
    if device != nil { names.append("--device") }
    if sandbox { names.append("--sandbox") }
    if activity != nil { names.append("--activity") }
    if appStarted { names.append("--app-started") }
    if send != SendOptions() { names.append("--once/--apns-*") }
    return names
  }

  /// `token …`, `send` or `deliveries` from its words; `nil` for another command.
  func command(_ name: String, _ words: [String]) throws -> Command? {
    var args = words[...]
    func next(_ what: String, _ usage: String) throws -> String {
      guard let word = args.popFirst() else {
        throw CLIError.usage("`\(usage)` needs \(what); see `help token`")
      }
      return word
    }
    let command: Command
    switch name {
    case "token", "tokens":
      switch args.popFirst()?.lowercased() {
      case "add":
        switch try next("push-to-start, activity or device", "token add").lowercased() {
        case "push-to-start":
          command = .token(
            .addPushToStart(
              token: try next("HEX", "token add push-to-start"), device: device, sandbox: sandbox))
        case "activity":
          let run = try next("RUN", "token add activity")
          command = .token(
            .addActivity(
              run: run, token: try next("HEX", "token add activity RUN"), activity: activity,
              device: device, sandbox: sandbox, appStarted: appStarted))
        case "device":
          command = .token(
            .addDevice(token: try next("HEX", "token add device"), device: device, sandbox: sandbox)
          )
        case let kind:
          throw CLIError.usage(
            "`token add` takes push-to-start, activity or device, not \(kind)")
        }
      case "list", nil: command = .token(.list)
      case "remove", "rm": command = .token(.remove(token: try next("HEX", "token remove")))
      case let word?:
        throw CLIError.usage("`token` takes add, list or remove, not \(word)")
      }
      try refuse(others: name == "token" && args.isEmpty ? [] : Array(args), name)
      if appStarted {
        guard case .token(.addActivity) = command else {
          throw CLIError.usage("--app-started applies to `token add activity` only")
        }
      }
      if case .token(.list) = command, device != nil || sandbox || activity != nil {
        throw CLIError.usage("`token list` takes no options but --json")
      }
    case "send":
      command = .send(send)
      try refuse(others: Array(args), name)
    case "deliveries":
      command = .deliveries
      try refuse(others: Array(args), name)
    default:
      return nil
    }
    return command
  }

  private func refuse(others: [String], _ name: String) throws {
    if let extra = others.first {
      throw CLIError.usage("`\(name)` does not take \(extra); see `help \(name)`")
    }
  }
}

extension Arguments {
  /// `token …`, `send` or `deliveries` from the words left, with the delivery options
  /// (taken: they count as used).
  mutating func deliveryCommand(_ name: String) throws -> Command {
    let delivery = options.delivery
    options.delivery = DeliveryOptions()
    defer { words.removeAll() }
    guard let command = try delivery.command(name, words) else {
      throw CLIError.usage("unknown command \"\(name)\"")
    }
    return command
  }
}
