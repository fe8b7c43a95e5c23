import CooktimerActivity
import CooktimerCore
import CooktimerHTTP
import CooktimerKitchen
import CooktimerService
import Foundation

extension API {
  /// The table of docs/api.md §1, in its order. ``OpenAPIDocument`` describes exactly these
  /// (a test compares the two).
  static func routes(
    recipes: any RecipeSource, hub: EventHub, runList: RunListAnswer, pairing: Pairing,
    deliveries: @escaping @Sendable (RunService, Instant) throws -> HTTPResponse,
    health: @escaping @Sendable () -> HealthAnswer.Report = { HealthAnswer.Report() }
  ) -> [APIRoute] {
    var routes = [
      APIRoute(withoutDatabase: "GET", "/healthz") { _, _ in try HealthAnswer.response(health()) },
      // The kitchen screen (no key: the page asks for one and sends it to /v1 itself).
      APIRoute(withoutDatabase: "GET", "/") { request, _ in KitchenPageResponse.answer(request) },
      APIRoute(withoutDatabase: "GET", "/openapi.json") { request, _ in
        OpenAPIDocument.body.answer(request)
      },
      APIRoute(withoutDatabase: "GET", "/v1/recipes") { _, _ in try .json(recipes.list()) },
      APIRoute(withoutDatabase: "GET", "/v1/recipes/{name}") { _, parameters in
        try .json(try RunRoutes.recipe(parameters["name"] ?? "", recipes).document)
      },
      APIRoute("POST", "/v1/runs") { try RunRoutes.start($0, recipes) },
      APIRoute("GET", "/v1/runs") { call in try runList.response(call) },
      APIRoute("GET", "/v1/runs/{id}") { call in
        let run = try call.service.run(call.parameter("id"), at: call.now)
        return try .json(RunDocument(run, at: max(call.now, run.lastChange)))
      },
    ]
    let transitions: [RunAction] = [.pause, .resume, .next, .restart, .stop]
    for action in transitions {
      routes.append(APIRoute("POST", "/v1/runs/{id}/\(action.word)") { try $0.change(action) })
    }
    routes += [
      APIRoute("POST", "/v1/runs/{id}/add") { try RunRoutes.add($0) },
      APIRoute("POST", "/v1/runs/{id}/timers/{number}/skip") { call in
        try call.change(.skip(TimerReference(call.parameter("number"))))
      },
      APIRoute("POST", "/v1/runs/{id}/timers/{number}/cancel") { call in
        try call.change(.cancel(TimerReference(call.parameter("number"))))
      },
      APIRoute("POST", "/v1/runs/{id}/timers/{number}/begin") { try RunRoutes.begin($0) },
      APIRoute("GET", "/v1/runs/{id}/content") { call in
        let run = try call.service.run(call.parameter("id"), at: call.now)
        let data = try ActivityContent(run: run, at: max(call.now, run.lastChange)).encoded()
        return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: data)
      },
      APIRoute("GET", "/v1/runs/{id}/timeline") { call in
        let run = try call.service.run(call.parameter("id"), at: call.now)
        let timeline = run.timeline(at: max(call.now, run.lastChange))
        return try .json(TimelineDocument(id: run.id, timeline))
      },
      APIRoute("PUT", "/v1/tokens/push-to-start") { try TokenRoutes.pushToStart($0) },
      APIRoute("PUT", "/v1/tokens/device") { try TokenRoutes.device($0) },
      APIRoute("PUT", "/v1/runs/{id}/activities/{n}/token") { try TokenRoutes.activity($0) },
      APIRoute("DELETE", "/v1/tokens/{hex}") { try TokenRoutes.remove($0) },
      APIRoute("GET", "/v1/outbox") { call in
        let entries = try call.service.pendingPushes(at: call.now)
        let topic = try call.service.settingsInForce().topic
        return HTTPResponse(
          status: .ok, headers: ["Content-Type": "application/json"],
          body: Data(try OutboxDocument.document(entries, topic: topic).utf8))
      },
      APIRoute("GET", "/v1/deliveries") { call in try deliveries(call.service, call.now) },
      APIRoute("POST", "/v1/runs/{id}/acknowledge") { call in
        try call.service.acknowledge(call.parameter("id"), at: call.now)
        return .noContent
      },
      APIRoute("GET", "/v1/events") { call in
        hub.subscribe(
          call.request, caller: Authorization.caller(of: call.request), service: call.service)
      },
      APIRoute("POST", "/v1/pair") { try PairingRoutes.pair($0, pairing) },
      APIRoute("POST", "/v1/pair/codes") { try PairingRoutes.newCode($0, pairing) },
    ]
    return routes
  }
}
