import Foundation
public import Requests
public import RequestsTesting
public import Streams

/// The network of the fake environment and of tests: every request goes to a session over
/// ``stubs``, a stub transport, instead of the network.
///
/// Answers arrive after the delay on the scheduler given at creation, so a virtual-time
/// scheduler decides exactly when, and a real one simulates a slow network; the session applies
/// the request's timeout, size limit and accepted statuses as it does on the network. A request
/// no stub answers gets a `404`, as from a server with nothing at that address.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(300))
/// network.stubSampleFeed(url: "https://example.com/feed.xml")
/// let fetcher = FeedFetcher(network: network)
/// ```
public struct FakeNetworkService: NetworkBaseServiceType {
    /// The stubbed routes that answer, and the requests received.
    public let stubs: StubTransport
    private let session: NetworkSession

    /// A fake whose answers arrive on `scheduler` after `delay`.
    public init(scheduler: any Scheduler, delay: SchedulerDuration = .zero) {
        stubs = StubTransport(scheduler: scheduler, delay: delay)
        stubs.stub(.anyRequest, with: .status(404))
        session = NetworkSession(transport: stubs)
    }

    /// Performs `request` through the stubs when subscribed; disposing cancels the answer.
    public func response(for request: ServiceRequest) -> Observable<NetworkResponse> {
        var request = request
        request.session = session
        return request.response()
    }
}

extension FakeNetworkService {
    /// Fails every request from now on, as a network that is down does: `reason` says why
    /// (``Requests/RequestError/Reason/transport(_:)``).
    public func failEveryRequest(because reason: String) {
        stubs.stub(.anyRequest, with: .fail(.transport(reason)))
    }

    /// The `ETag` the fake sends with the shipped sample feed.
    public static let sampleFeedETag = "\"rivulet-sample\""

    /// Serves the feed shipped with the package (``SampleFeed``) at `url`, with an `ETag`, and
    /// answers a request carrying that `ETag` in `If-None-Match` with `304 Not Modified`, as a
    /// real feed server would.
    public func stubSampleFeed(url: String) {
        let body = SampleFeed.data()
        let etag = Self.sampleFeedETag
        stubs.stub(
            url: url,
            with: .dynamic { request in
                if request.header("If-None-Match") == etag {
                    return .respond(status: 304, headers: ["ETag": etag], body: Data())
                }
                return .ok(body, headers: ["Content-Type": "application/rss+xml", "ETag": etag])
            }
        )
    }
}
