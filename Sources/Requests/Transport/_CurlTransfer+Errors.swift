#if !canImport(Darwin)
    import CCurl
    import Foundation

    extension _CurlTransfer {
        /// The reason for a hop that libcurl ended with `code`: a sentence that says what
        /// happened and what to do, in the words Foundation's codes get (see
        /// ``_Exchange/transportSentence(_:)``), never a bare code.
        func reason(for code: CURLcode) -> RequestError.Reason {
            let detail = Self.hidingCredentials(of: proxy, in: String(cString: errorBuffer))
            let request = exchange.request
            let host = url.host ?? url.absoluteString
            // The proxy refused to open a tunnel to the server (an `https:` address through it).
            if detail.hasPrefix("CONNECT tunnel failed"), let status = Int(detail.split(separator: " ").last ?? "") {
                if status == 407 { return .status(407, body: Data()) }
                return .transport("the proxy refused to connect to \(host) (it answered \(status)); check the proxy")
            }
            switch code {
            case CURLE_OPERATION_TIMEDOUT:
                if detail.hasPrefix("Operation too slow") {
                    return .transport(
                        "the server sent nothing for \(stalledSeconds) seconds; it is stalled, try again later")
                }
                return .timeout(request.effectiveTimeout)
            case CURLE_ABORTED_BY_CALLBACK: return .cancelled
            case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects(limit: request.maximumRedirects)
            case CURLE_FILESIZE_EXCEEDED: return .bodyTooLarge(limit: request.maximumBodySize)
            case CURLE_COULDNT_RESOLVE_HOST:
                return .transport("the host name \(host) could not be found; check the address and your connection")
            case CURLE_COULDNT_RESOLVE_PROXY:
                return .transport(
                    "the proxy's host name could not be found; check the proxy named in the environment "
                        + "(http_proxy, https_proxy, all_proxy)")
            case CURLE_PROXY:
                return .transport(
                    "the proxy refused or failed the request (\(detail)); check the proxy named in the environment")
            case CURLE_COULDNT_CONNECT:
                if let proxy, let proxyHost = proxy.host {
                    // libcurl's own default ports when the proxy's address gives none.
                    let port = proxy.port ?? (proxy.scheme?.lowercased() == "https" ? 443 : 1080)
                    return .transport(
                        "the proxy at \(proxyHost):\(port) refused the connection or cannot be reached; check that it "
                            + "runs, or the proxy named in the environment (http_proxy, https_proxy, all_proxy)")
                }
                return .transport(Self.connectSentence(errno: connectErrno, detail: detail) + " (\(host))")
            case CURLE_SSL_CACERT_BADFILE:
                guard let file = certificateAuthorities else {
                    return .transport(
                        "the system's certificate authorities cannot be read (\(detail)); name a file of them in "
                            + "CURL_CA_BUNDLE")
                }
                return .transport(
                    "the file of certificate authorities to trust, \(file), cannot be read (\(detail)); fix the path, "
                        + "or unset CURL_CA_BUNDLE and SSL_CERT_FILE to trust the system's")
            case CURLE_PEER_FAILED_VERIFICATION:
                return .transport(
                    "a secure connection could not be made: the server's certificate was refused (\(detail)); "
                        + "check the address")
            case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
                CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE,
                CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
                CURLE_SSL_CLIENTCERT, CURLE_SSL_SHUTDOWN_FAILED:
                return .transport(_Exchange.transportSentence(.secureConnectionFailed))
            case CURLE_URL_MALFORMAT: return .invalidURL(url.absoluteString)
            case CURLE_BAD_CONTENT_ENCODING:
                return .transport(
                    "the server's compressed answer is damaged and cannot be decompressed (\(detail)); try again later")
            default:
                if let known = Self.urlErrorCode(for: code) { return .transport(_Exchange.transportSentence(known)) }
                let words = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
                return .transport(
                    "the transfer failed (\(words)); check the address and your connection, then try again")
            }
        }

        /// The system's error of the hop's last attempt to connect, or 0 when libcurl has none.
        private var connectErrno: Int32 {
            var value = 0
            guard let handle, rivulet_curl_get_long(handle, CURLINFO_OS_ERRNO, &value) == CURLE_OK else { return 0 }
            return Int32(truncatingIfNeeded: value)
        }

        /// Why a connection to the server could not be made, from the system's error: libcurl
        /// names a refusal, a timeout and an unreachable network by one code. Without a system
        /// error, libcurl's own words (`detail`) say what happened.
        static func connectSentence(errno: Int32, detail: String) -> String {
            switch errno {
            case ECONNREFUSED: _Exchange.transportSentence(.cannotConnectToHost)
            case ETIMEDOUT:
                "the server did not answer the attempt to connect; check the address, or try again later"
            case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN:
                "the server cannot be reached from this machine's network; check the address and your connection"
            case EADDRNOTAVAIL:
                "this machine has no local address free to connect from; close some connections and try again"
            default:
                "no connection to the server could be made ("
                    + (errno != 0 ? String(cString: strerror(errno)) : detail.isEmpty ? "no reason given" : detail)
                    + "); check the address and that the server is running"
            }
        }

        /// `text` (libcurl's own words, which may quote the proxy's address) without the user
        /// name and password of `proxy`: a message is shown and stored as a feed's last error.
        static func hidingCredentials(of proxy: URL?, in text: String) -> String {
            guard let proxy, let user = proxy.user(percentEncoded: true) else { return text }
            var hidden = text
            let password = proxy.password(percentEncoded: true)
            for written in [user + (password.map { ":" + $0 } ?? ""), proxy.user ?? user, proxy.password ?? ""]
            where !written.isEmpty {
                hidden = hidden.replacingOccurrences(of: written, with: "***")
            }
            return hidden
        }

        /// The Foundation code that names the same failure as `code`, as Foundation on Linux
        /// maps libcurl's codes.
        private static func urlErrorCode(for code: CURLcode) -> URLError.Code? {
            switch code {
            case CURLE_GOT_NOTHING: .badServerResponse
            case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY: .cannotParseResponse
            case CURLE_PARTIAL_FILE: .unknown
            case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
                .networkConnectionLost
            case CURLE_LOGIN_DENIED, CURLE_AUTH_ERROR: .userAuthenticationRequired
            default: nil
            }
        }
    }
#endif
