/// What carries an ``_Exchange`` over the network: libcurl's multi interface on Linux
/// (``_CurlTransfer``), `URLSession` on Apple platforms (``_URLSessionTransfer``). The exchange
/// holds the limits and the result; a transfer moves bytes, follows redirects and applies the
/// ``AddressPolicy`` to every connection it opens, reporting to its exchange.
protocol _Transfer: AnyObject, Sendable {
    /// Starts carrying the exchange.
    func begin()
    /// Stops at once: nothing more is reported, and the connection is closed.
    func stop()
}
