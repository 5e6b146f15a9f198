import FuzzChecks

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one document for the OPML reader and writer.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    OPMLCheck.check(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum OPMLFuzzer {
    static func main() {
        exit(FuzzDriver.run(fuzzOne))
    }
}
