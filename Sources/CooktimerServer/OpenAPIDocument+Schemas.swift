extension OpenAPIDocument {
  static func object(
    _ properties: [String: JSONValue], required: [String] = []
  ) -> JSONValue {
    [
      "type": "object", "properties": .object(properties),
      "required": .array(required.map { .string($0) }),
    ]
  }

  static let string: JSONValue = ["type": "string"]
  static let integer: JSONValue = ["type": "integer"]
  static let number: JSONValue = ["type": "number"]
  static let boolean: JSONValue = ["type": "boolean"]
  /// A push token as `RunService.normalizedToken` takes it: 16 to 255 bytes in hex.
  static let pushToken: JSONValue = ["type": "string", "pattern": "^([0-9A-Fa-f]{2}){16,255}$"]
  /// A device name as `RunService.checkedDeviceName` takes it: at most 64 characters.
  static let deviceName: JSONValue = ["type": "string", "maxLength": 64]
  static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }
  static func nullable(_ type: String) -> JSONValue { ["type": [.string(type), "null"]] }

  /// The bodies' shapes: those of the CLI's `--json` output (docs/cli.md "JSON shapes").
  static let schemas: JSONValue = [
    "Error": object(["error": string, "status": string], required: ["error", "status"]),
    "Health": object(
      [
        "ok": boolean, "status": ["enum": ["degraded"]],
        "delivery": object(
          ["failingSince": string, "reason": string], required: ["failingSince", "reason"]),
        "database": object(
          ["failingSince": string, "reason": string], required: ["failingSince", "reason"]),
      ], required: ["ok"]),
    "Timer": object(
      [
        "number": integer, "name": string, "step": integer,
        "state": ["enum": ["running", "paused", "waiting", "fired", "skipped", "cancelled"]],
        "duration": number, "endDate": string, "remaining": number,
      ], required: ["number", "name", "step", "state"]),
    "Run": object(
      [
        "id": string, "recipe": string,
        "phase": ["enum": ["running", "paused", "waiting", "finished", "stopped"]],
        "stepNumber": integer, "stepCount": integer, "stepName": string, "autoAdvance": boolean,
        "startedAt": string, "endedAt": string, "acknowledgedUntil": string,
        "timers": array(ref("Timer")),
        "suggestedTimers": array(
          object(
            ["label": string, "text": string, "seconds": number, "upperSeconds": number],
            required: ["label", "text", "seconds"])),
      ],
      required: [
        "id", "recipe", "phase", "stepNumber", "stepCount", "stepName", "autoAdvance",
        "startedAt", "timers",
      ]),
    "Status": object(["runs": array(ref("Run"))], required: ["runs"]),
    "Change": object(
      ["id": string, "changed": boolean, "note": string, "run": ref("Run")],
      required: ["id", "changed", "run"]),
    "RecipeSummary": object(
      [
        "file": string, "name": string, "title": string, "steps": integer, "timers": integer,
        "errors": array(string), "warnings": array(string),
      ], required: ["file", "name", "errors", "warnings"]),
    "RecipeList": object(["recipes": array(ref("RecipeSummary"))], required: ["recipes"]),
    "Recipe": object(
      [
        "name": string, "file": string, "metadata": ["type": "object"],
        "steps": array(
          object(
            [
              "number": integer, "text": string, "section": string,
              "timers": array(
                object(
                  [
                    "name": string, "seconds": nullable("number"), "upperSeconds": number,
                    "start": string, "quantity": string, "unit": string,
                  ], required: ["name", "seconds"])),
              "ingredients": array(ref("Ingredient")),
            ], required: ["number", "text", "timers", "ingredients"])),
        "ingredients": array(ref("Ingredient")),
        "warnings": array(string),
      ], required: ["name", "steps", "ingredients", "warnings"]),
    "Ingredient": object(
      [
        "name": string, "quantity": string, "unit": string, "amount": number,
        "preparation": string,
      ], required: ["name", "quantity", "unit"]),
    "Timeline": object(
      [
        "id": string, "from": string, "done": string,
        "steps": array(
          object(
            ["number": integer, "start": string, "end": string, "waitsForCook": boolean],
            required: ["number", "start", "end", "waitsForCook"])),
      ], required: ["id", "from", "done", "steps"]),
    "Content": object(
      ["state": ["type": "object"], "staleDate": number, "relevanceScore": number],
      required: ["state", "relevanceScore"]),
    "Outbox": object(["pending": array(["type": "object"])], required: ["pending"]),
    "Deliveries": object(["deliveries": array(["type": "object"])], required: ["deliveries"]),
    "StartRequest": object(["recipe": string, "autoAdvance": boolean], required: ["recipe"]),
    "AddRequest": object(
      ["duration": string, "timer": ["type": ["integer", "string"]]], required: ["duration"]),
    "BeginRequest": object(["duration": string, "until": string]),
    "PushToStartToken": object(
      ["token": pushToken, "device": deviceName, "sandbox": boolean], required: ["token"]),
    "ActivityToken": object(
      ["token": pushToken, "device": deviceName, "sandbox": boolean, "appStarted": boolean],
      required: ["token"]),
    "PairRequest": object(["code": string, "name": string], required: ["code"]),
    "PairedKey": object(
      ["name": string, "key": string, "createdAt": string], required: ["name", "key", "createdAt"]),
    "PairingCode": object(
      ["code": string, "link": string, "expiresAt": string],
      required: ["code", "link", "expiresAt"]),
  ]
}
