let usage = """
    usage: rivulet-bench [--json] [--quick | --check] [--filter PREFIX]... [--subject NAME]... [--runs N]

      --json           print JSON Lines, one object per benchmark and subject
      --quick          fewer runs (the whole run takes under two minutes)
      --check          every benchmark once at a small size, for its correctness checks only:
                       no figures, no targets; exits 1 when a check fails (for CI)
      --filter PREFIX  run only the benchmarks whose name starts with PREFIX (repeatable)
      --subject NAME   run only that subject (repeatable; for profiling one contestant)
      --runs N         measured runs per subject (default 7, or 3 with --quick)
    """
