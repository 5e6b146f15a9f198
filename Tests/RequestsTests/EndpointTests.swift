import Foundation
import Testing

@testable import Requests

@Suite struct EndpointTests {
    @Test func requestsShareTheEndpointPath() throws {
        let api = RemoteService(name: "api", baseURL: .fixed(URL(fileURLWithPath: "/root")))
        let todos = Endpoint(service: api, path: "v1", "todos")
        let one = todos.request(.delete, path: ["42"], timeout: .milliseconds(250))
        #expect(one.method == .delete)
        #expect(one.pathComponents == ["v1", "todos", "42"])
        #expect(one.effectiveTimeout == .milliseconds(250))
        #expect(try one.makeURL().path == "/root/v1/todos/42")
    }

    @Test func requestWithoutTimeoutUsesTheServiceDefault() {
        let api = RemoteService(
            name: "api",
            baseURL: .fixed(URL(fileURLWithPath: "/")),
            defaultTimeout: .seconds(7)
        )
        #expect(Endpoint(service: api, path: "x").request().effectiveTimeout == .seconds(7))
    }
}
