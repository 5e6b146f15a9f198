import FuzzChecks

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one HTML text for the terminal renderer.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    HTMLRenderCheck.check(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum HTMLFuzzer {
    static func main() {
        exit(FuzzDriver.run(fuzzOne))
    }
}
