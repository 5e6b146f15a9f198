import FuzzChecks

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one file for the database opening path.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    DatabaseCheck.check(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum DatabaseFuzzer {
    static func main() {
        exit(FuzzDriver.run(fuzzOne))
    }
}
