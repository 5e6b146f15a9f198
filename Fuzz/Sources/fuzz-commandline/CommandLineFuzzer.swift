import FuzzChecks

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer's entry point: one command line (arguments separated by NUL bytes) for the subcommand parser.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    CommandLineCheck.check(FuzzDriver.bytes(data, size))
    return 0
}

@main
enum CommandLineFuzzer {
    static func main() {
        exit(FuzzDriver.run(fuzzOne))
    }
}
