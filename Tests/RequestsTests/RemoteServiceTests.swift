import Foundation
import Synchronization
import Testing

@testable import Requests

@Suite struct RemoteServiceTests {
    @Test func perEnvironmentWithoutAnEntryHasNoBaseURL() {
        let api = RemoteService(
            name: "api",
            baseURL: .perEnvironment([.production: URL(fileURLWithPath: "/p")]),
            environment: .fake
        )
        #expect(api.resolvedBaseURL == nil)
    }

    @Test func runtimeBaseURLIsReadOnEveryUse() {
        let port = Atomic<Int>(8000)
        let api = RemoteService(
            name: "api",
            baseURL: .runtime { URL(string: "http://127.0.0.1:\(port.load(ordering: .relaxed))") }
        )
        #expect(api.resolvedBaseURL?.port == 8000)
        port.store(8001, ordering: .relaxed)
        #expect(api.resolvedBaseURL?.port == 8001)
    }

    @Test func mirrorDoesNotReflectIntoTheRuntimeClosure() {
        let api = RemoteService(name: "api", baseURL: .runtime { nil })
        let described = String(reflecting: api.baseURL)
        #expect(described.contains("runtime"))
    }
}
