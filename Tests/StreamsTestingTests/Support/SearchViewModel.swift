import Streams

/// The sample view model of the StreamsTesting examples: a search field. Queries are debounced
/// by 300 ms; each settled query starts one request, and a newer query cancels the request of
/// an older one; `isLoading` is true while a request runs.
struct SearchViewModel {
    struct Input {
        let query: Observable<String>
    }

    struct Output {
        let results: Observable<[String]>
        let isLoading: Observable<Bool>
    }

    private enum State: Sendable {
        case loading
        case loaded([String])
    }

    let search: @Sendable (String) -> Observable<[String]>
    let scheduler: any Scheduler

    func transform(input: Input) -> Output {
        let search = self.search
        let state = input.query
            .debounce(.milliseconds(300), scheduler: scheduler)
            .flatMapLatest { query in search(query).map { State.loaded($0) }.startWith(.loading) }
            .share(replay: 1)
        return Output(
            results: state.compactMap { if case .loaded(let results) = $0 { results } else { nil } },
            isLoading: state.map { if case .loading = $0 { true } else { false } }.startWith(false))
    }
}
