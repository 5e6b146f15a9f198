import FuzzChecks

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one document for the feed parsers, from JSON Feed seeds.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FeedCheck.check(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum JSONFeedFuzzer {
    static func main() {
        exit(FuzzDriver.run(fuzzOne))
    }
}
