import TestMeasures
import Testing

/// The long end-to-end suites (crash durability, resource bounds, the large database, the long
/// session), run one after another rather than all at once: each keeps processes busy for
/// seconds, and together, beside the rest of the tests, they would starve the tests that time
/// things on the wall clock of CPU. Their lane (``TestLane``) starts them with the run rather than
/// after the parallel tests.
@Suite(.serialized, .longLane) enum LongEndToEndSuites {}
