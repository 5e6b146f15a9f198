#ifndef RIVULET_CLIBFUZZER_H
#define RIVULET_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (from the runtime `-sanitize=fuzzer` links in): parses libFuzzer's flags
/// from argv and runs `callback` on each input. SwiftPM gives every executable its own entry
/// point, so the harnesses call the driver from there instead of using libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
