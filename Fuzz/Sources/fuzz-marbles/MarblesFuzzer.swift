import FuzzChecks

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one marble diagram (its first byte picks the kind) for the marble parser.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    MarbleCheck.check(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum MarblesFuzzer {
    static func main() {
        exit(FuzzDriver.run(fuzzOne))
    }
}
