let usage = """
    usage: rivulet-bench [--json] [--quick] [--filter PREFIX]... [--subject NAME]... [--runs N]

      --json           print JSON Lines, one object per benchmark and subject
      --quick          fewer runs (the whole run takes under two minutes)
      --filter PREFIX  run only the benchmarks whose name starts with PREFIX (repeatable)
      --subject NAME   run only that subject (repeatable; for profiling one contestant)
      --runs N         measured runs per subject (default 7, or 3 with --quick)
    """
