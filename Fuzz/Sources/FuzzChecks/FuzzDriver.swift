import CLibFuzzer

/// Starts libFuzzer from a harness's entry point.
public enum FuzzDriver {
    /// Hands the process's arguments to libFuzzer, which runs `body` on each input; returns the
    /// exit status libFuzzer chose.
    public static func run(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv, body)
    }

    /// The input libFuzzer passes, as an array (an empty input may come with a null pointer).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
