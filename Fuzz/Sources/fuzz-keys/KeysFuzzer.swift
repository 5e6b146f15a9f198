import FuzzChecks

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one byte stream for the key parser.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    KeyParserCheck.check(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum KeysFuzzer {
    static func main() {
        exit(FuzzDriver.run(fuzzOne))
    }
}
