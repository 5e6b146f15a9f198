// The declaration in include/CLibFuzzer.h is all this module provides; the definition is in
// libFuzzer's runtime.
#include "CLibFuzzer.h"
